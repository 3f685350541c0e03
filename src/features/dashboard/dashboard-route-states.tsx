import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { Button } from '../../ui/button';
import { useFailureNotice } from '../../ui/use-failure-notice';
import { dashboardErrorText } from './dashboard-error';
import { DashboardFrame } from './dashboard-frame';
import * as styles from './dashboard.css';

/** Spec §8: the dashboard's error texts in an error alert, with the way back and a retry. */
export function DashboardError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrors = useQueryErrorResetBoundary();
  const failure = useFailureNotice(dashboardErrorText(error), { as: 'banner' });
  const retry = () => {
    queryErrors.reset();
    reset();
    void router.invalidate();
  };
  return (
    <DashboardFrame title="Bridge health">
      {failure}
      <p className={styles.actions}>
        <Button variant="secondary" onClick={retry}>
          Try again
        </Button>
      </p>
    </DashboardFrame>
  );
}
