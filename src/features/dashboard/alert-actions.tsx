import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ACTION_COMMENT_MAX } from '../../../domain/response-plan';
import { useApi } from '../../api/api-context';
import { completeAlertActionMutationOptions } from '../../api/mutations/response-plans';
import { type AlertAction, alertActionsQueryOptions } from '../../api/queries/response-plans';
import { Button } from '../../ui/button';
import { TextAreaField } from '../../ui/text-area-field';
import { useFailureNotice } from '../../ui/use-failure-notice';
import * as styles from './dashboard.css';
import { When } from './when';

export const ACTION_COMMENT_REQUIRED = 'Comment is required: say what was done';

/** The inline form that ticks one action off; the comment is required, as the server asks. */
function CompleteForm({
  alertId,
  action,
  onDone,
}: {
  alertId: number;
  action: AlertAction;
  onDone: () => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const formId = useId();
  const complete = useMutation({
    ...completeAlertActionMutationOptions(api, queryClient, alertId),
    onSuccess: onDone,
  });
  const failure = useFailureNotice(complete.error?.message, { as: 'banner' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = comment.trim();
    if (text === '') return setError(ACTION_COMMENT_REQUIRED);
    setError(undefined);
    complete.mutate({ actionId: action.id, comment: text });
  };
  return (
    <form
      id={formId}
      onSubmit={submit}
      noValidate
      className={styles.ackForm}
      aria-label={`Mark done: ${action.text}`}
    >
      {failure}
      <TextAreaField
        label="What was done"
        value={comment}
        maxLength={ACTION_COMMENT_MAX}
        error={error}
        // The form opens on a click of Mark done: the field is where the hand goes next.
        autoFocus
        onChange={(event) => setComment(event.target.value)}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={complete.isPending}>
          {complete.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ActionItem({ alertId, action }: { alertId: number; action: AlertAction }) {
  const [open, setOpen] = useState(false);
  const overdue = action.done_at === null && Date.parse(action.due_at) < Date.now();
  return (
    <li className={styles.alertItem}>
      <p className={styles.alertHeading}>
        {action.text} {overdue && <span className={styles.overdueBadge}>Overdue</span>}
      </p>
      <p className={styles.small}>
        {action.level === 'red' ? 'Red' : 'Amber'} level · Owner: {action.owner_name} · Due{' '}
        <When iso={action.due_at} />
      </p>
      {action.done_at !== null ? (
        <p className={styles.small}>
          Done by {action.done_by?.username ?? 'a removed user'}, <When iso={action.done_at} />
          {action.comment && `: ${action.comment}`}
        </p>
      ) : open ? (
        <CompleteForm alertId={alertId} action={action} onDone={() => setOpen(false)} />
      ) : (
        <Button
          variant="secondary"
          onClick={() => setOpen(true)}
          aria-label={`Mark done: ${action.text}`}
        >
          Mark done
        </Button>
      )}
    </li>
  );
}

/**
 * The actions the alert's trigger levels required when crossed (decision 077): each with its
 * owner and due time, "Overdue" once past it, and who ticked it off, when and with what comment.
 */
export function AlertActions({ alertId }: { alertId: number }) {
  const api = useApi();
  const { data, isError } = useQuery(alertActionsQueryOptions(api, alertId));
  if (isError) return <>Not known (the actions could not be read)</>;
  if (!data) return <>…</>;
  if (data.length === 0) return <>None (the bridge's response plan lists none for this level)</>;
  return (
    <ul aria-label="Required actions" className={styles.episodes}>
      {data.map((action) => (
        <ActionItem key={action.id} alertId={alertId} action={action} />
      ))}
    </ul>
  );
}
