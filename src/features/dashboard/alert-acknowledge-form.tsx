import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { acknowledgeAlertMutationOptions } from '../../api/mutations/alerts';
import { useFailureNotice } from '../../ui/use-failure-notice';
import { AcknowledgeCommentForm } from './acknowledge-comment-form';

/** Acknowledges the alert of its page by id; the page shows the stored answer after. */
export function AlertAcknowledgeForm({ alertId }: { alertId: number }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const acknowledge = useMutation(acknowledgeAlertMutationOptions(api, queryClient, alertId));
  const failure = useFailureNotice(acknowledge.error?.message, { as: 'banner' });
  return (
    <AcknowledgeCommentForm
      onAcknowledge={(comment) => acknowledge.mutate(comment)}
      pending={acknowledge.isPending}
      failure={failure}
    />
  );
}
