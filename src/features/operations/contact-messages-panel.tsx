import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useApi } from '../../api/api-context';
import { markContactMessageMutationOptions } from '../../api/mutations/operations';
import { withEffects } from '../../api/mutations/with-effects';
import { type ContactMessage, contactMessagesQueryOptions } from '../../api/queries/operations';
import { formatDateTime } from '../../../domain/formats';
import { type DataTableColumn, DataTable } from '../../ui/data-table/data-table';
import * as pageStyles from '../../ui/management-page.css';
import { useNotify } from '../../ui/use-notify';
import * as styles from './operations.css';

const fullName = (m: ContactMessage) => [m.first_name, m.last_name].filter(Boolean).join(' ');

const COLUMNS: DataTableColumn<ContactMessage>[] = [
  { id: 'received', header: 'Received', value: (m) => formatDateTime(m.created_at) },
  { id: 'from', header: 'From', value: (m) => `${fullName(m)} <${m.email}>` },
  { id: 'message', header: 'Message', value: (m) => m.message },
  {
    id: 'status',
    header: 'Status',
    value: (m) => (m.handled_at ? `Handled ${formatDateTime(m.handled_at)}` : 'Waiting'),
  },
];

/** What visitors wrote through the public contact form; staff mark each handled once answered. */
export function ContactMessagesPanel() {
  const headingId = useId();
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const messages = useSuspenseQuery(contactMessagesQueryOptions(api));
  const mark = useMutation(
    withEffects(markContactMessageMutationOptions(api, queryClient), {
      onError: (error) => notify('error', error.message),
    }),
  );

  const actions = (m: ContactMessage) => {
    const handled = m.handled_at !== null;
    const text = handled ? 'Reopen' : 'Mark handled';
    return (
      <button
        type="button"
        className={pageStyles.actionButton}
        aria-label={`${text}: message from ${fullName(m)}`}
        disabled={mark.isPending && mark.variables.id === m.id}
        onClick={() => mark.mutate({ id: m.id, handled: !handled })}
      >
        {text}
      </button>
    );
  };

  const waiting = messages.data.filter((m) => m.handled_at === null).length;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Contact messages
      </h2>
      <p className={styles.muted}>
        {waiting === 0 ? 'Every message is handled.' : `${waiting} waiting for an answer.`}
      </p>
      <DataTable
        label="Contact messages"
        columns={COLUMNS}
        rows={messages.data}
        rowKey={(m) => m.id}
        emptyMessage="No messages yet."
        actions={actions}
      />
    </section>
  );
}
