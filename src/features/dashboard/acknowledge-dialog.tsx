import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { useApi } from '../../api/api-context';
import { acknowledgeAlertsMutationOptions } from '../../api/mutations/alerts';
import { withEffects } from '../../api/mutations/with-effects';
import type { Alert } from '../../api/queries/alerts';
import { countOf } from '../../../domain/formats';
import { Button } from '../../ui/button';
import { TextAreaField } from '../../ui/text-area-field';
import { Modal } from '../../ui/modal';
import { COMMENT_MAX_LENGTH } from './dashboard-queries';
import { useDisplaySettings } from '../../ui/display-settings';
import { alertMessage } from './alert-facts';
import * as styles from './dashboard.css';
import { useFailureNotice } from '../../ui/use-failure-notice';
import { useFormFields } from '../../ui/use-form-fields';

export const COMMENT_REQUIRED = 'Comment is required: say what you saw or did';

interface AcknowledgeDialogProps {
  bridgeId: number;
  alerts: readonly Alert[];
  /** Dismiss acknowledges every active alert; its dialog says so before anything happens. */
  all?: boolean;
  onClose: () => void;
}

/**
 * Acknowledging needs a comment, so the record says why an alarm was set aside; nothing is sent
 * until the operator confirms.
 */
export function AcknowledgeDialog({
  bridgeId,
  alerts,
  all = false,
  onClose,
}: AcknowledgeDialogProps) {
  const api = useApi();
  const { timeZone } = useDisplaySettings();
  const queryClient = useQueryClient();
  const { values, errors, setErrors, set } = useFormFields({ comment: '' });
  const formId = useId();
  const acknowledge = useMutation(
    withEffects(acknowledgeAlertsMutationOptions(api, queryClient, bridgeId), {
      onSuccess: onClose,
    }),
  );
  const only = alerts.length === 1 ? alerts[0] : undefined;
  const title = all ? 'Dismiss active alerts' : 'Acknowledge alert';
  const confirm = all ? `Acknowledge ${countOf(alerts.length, 'alert', 'alerts')}` : 'Acknowledge';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = values.comment.trim();
    if (text === '') return setErrors({ comment: COMMENT_REQUIRED });
    setErrors({});
    acknowledge.mutate({ alerts, comment: text });
  };

  const acknowledgeFailure = useFailureNotice(acknowledge.error?.message, { as: 'banner' });
  return (
    <Modal
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={acknowledge.isPending}>
            {acknowledge.isPending ? 'Acknowledging...' : confirm}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className={styles.ackForm}>
        {only ? (
          <p className={styles.muted}>
            {only.type} ({only.severity}): {alertMessage(only, timeZone)}
          </p>
        ) : (
          <>
            <p className={styles.muted}>
              This acknowledges every active alert of the bridge, each with the same comment:
            </p>
            <ul className={styles.plainList}>
              {alerts.map((a) => (
                <li key={a.id}>
                  {a.type} ({a.severity})
                </li>
              ))}
            </ul>
          </>
        )}
        <TextAreaField
          label="Comment (required)"
          error={errors.comment}
          maxLength={COMMENT_MAX_LENGTH}
          required
          value={values.comment}
          onChange={(event) => set('comment', event.target.value)}
        />
        {acknowledgeFailure}
      </form>
    </Modal>
  );
}
