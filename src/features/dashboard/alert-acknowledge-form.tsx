import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useApi } from '../../api/api-context';
import { acknowledgeAlertMutationOptions } from '../../api/mutations/alerts';
import { Button } from '../../ui/button';
import { TextAreaField } from '../../ui/text-area-field';
import { useFailureNotice } from '../../ui/use-failure-notice';
import { useFormFields } from '../../ui/use-form-fields';
import { COMMENT_REQUIRED } from './acknowledge-dialog';
import { COMMENT_MAX_LENGTH } from './dashboard-queries';
import * as dashboard from './dashboard.css';

/** Acknowledging needs a comment, as everywhere else; the page shows the stored answer after. */
export function AlertAcknowledgeForm({ alertId }: { alertId: number }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const acknowledge = useMutation(acknowledgeAlertMutationOptions(api, queryClient, alertId));
  const { values, errors, setErrors, set } = useFormFields({ comment: '' });
  const failure = useFailureNotice(acknowledge.error?.message, { as: 'banner' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = values.comment.trim();
    if (text === '') return setErrors({ comment: COMMENT_REQUIRED });
    setErrors({});
    acknowledge.mutate(text);
  };

  return (
    <form onSubmit={submit} noValidate className={dashboard.ackForm} aria-label="Acknowledge">
      <TextAreaField
        label="Comment (required)"
        error={errors.comment}
        maxLength={COMMENT_MAX_LENGTH}
        required
        value={values.comment}
        onChange={(event) => set('comment', event.target.value)}
      />
      {failure}
      <div>
        <Button type="submit" disabled={acknowledge.isPending}>
          {acknowledge.isPending ? 'Acknowledging...' : 'Acknowledge'}
        </Button>
      </div>
    </form>
  );
}
