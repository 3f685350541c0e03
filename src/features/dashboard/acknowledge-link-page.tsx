import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useApi } from '../../api/api-context';
import {
  acknowledgeByLinkMutationOptions,
  acknowledgeLinkQueryOptions,
} from '../../api/queries/acknowledge-link';
import { container } from '../../ui/layout.css';
import { useFailureNotice } from '../../ui/use-failure-notice';
import { AcknowledgeCommentForm } from './acknowledge-comment-form';
import * as styles from './dashboard.css';
import { When } from './when';

/** The server names the field for clients; a person reads the sentence. */
const sentence = (detail: string | undefined) => {
  const text = (detail ?? '').replace(/^token: /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * Opened from the link in an alert email (issue 32): what the alert is, and a comment to
 * acknowledge it with. A used, expired or altered link says so, and where to go instead.
 */
export function AcknowledgeLinkPage({ token }: { token: string }) {
  const api = useApi();
  const link = useQuery(acknowledgeLinkQueryOptions(api, token));
  const acknowledge = useMutation(acknowledgeByLinkMutationOptions(api, token));
  const linkFailure = useFailureNotice(link.isError ? sentence(link.error.message) : undefined, {
    as: 'banner',
  });
  const ackFailure = useFailureNotice(
    acknowledge.isError ? sentence(acknowledge.error.message) : undefined,
    { as: 'banner' },
  );
  const alert = acknowledge.data ?? link.data?.alert;
  const done = acknowledge.data;

  return (
    <div className={container}>
      <section className={styles.ackForm} aria-labelledby="acknowledge-title">
        <h1 id="acknowledge-title">Acknowledge alert</h1>
        {link.isPending && <p className={styles.muted}>Opening the link…</p>}
        {linkFailure}
        {alert && (
          <p>
            {alert.type} ({alert.severity}) on {alert.bridge_name}: {alert.message}. Raised{' '}
            <When iso={alert.raised_at} />.
          </p>
        )}
        {done ? (
          <p role="status">
            Acknowledged
            {done.acknowledged_by && ` by ${done.acknowledged_by.username}`}
            {done.acknowledged_at && (
              <>
                {' at '}
                <When iso={done.acknowledged_at} />
              </>
            )}
            , with the comment “{done.comment}”.
          </p>
        ) : (
          link.data && (
            <AcknowledgeCommentForm
              onAcknowledge={(comment) => acknowledge.mutate(comment)}
              pending={acknowledge.isPending}
              failure={ackFailure}
            />
          )
        )}
        {(alert || link.isError) && (
          <p>
            {alert ? (
              // The alert's page, not the bridge's dashboard: a link's recipient may have been
              // told of the alert without being assigned the bridge (decision 080).
              <Link to="/alerts/$id" params={{ id: String(alert.id) }}>
                Open the alert&apos;s page
              </Link>
            ) : (
              <Link to="/map">Open the map</Link>
            )}
          </p>
        )}
      </section>
    </div>
  );
}
