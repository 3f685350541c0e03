import { Link } from '@tanstack/react-router';
import { dashboardSearchOf } from '../../../domain/bridge-search';
import { formatDateTime, formatUtc } from '../../../domain/formats';
import type { AppNotification } from '../../api/queries/notifications';
import { Button } from '../../ui/button';
import * as styles from './notification-bell.css';

const WHAT: Record<AppNotification['kind'], (notification: AppNotification) => string> = {
  raised: () => 'Raised',
  escalated: ({ tier }) => `Escalated to tier ${tier}, not acknowledged`,
  cleared: () => 'Cleared',
  // An action the alert's trigger level required, past its due time and not done (decision 077).
  action_overdue: ({ tier, action }) =>
    `Action overdue, escalated to tier ${tier}: ${action?.text ?? 'a required action'} (owner ${action?.owner_name ?? 'unknown'})`,
};

/**
 * One line of the bell's list: the bridge, the alert, its severity, when, and where to look: the
 * alert's page always, the bridge's dashboard only for those who may open the bridge.
 */
export function NotificationItem({
  notification,
  onMarkRead,
  marking,
}: {
  notification: AppNotification;
  onMarkRead: (id: number) => void;
  marking: boolean;
}) {
  const { alert } = notification;
  const isUnread = notification.read_at === null;
  return (
    <li className={isUnread ? `${styles.item} ${styles.unread}` : styles.item}>
      <strong>
        {alert.severity}: {alert.type} on {alert.bridge_name}
      </strong>
      <span>{alert.message}</span>
      <span className={styles.muted}>
        {WHAT[notification.kind](notification)}{' '}
        <time dateTime={notification.created_at} title={formatUtc(notification.created_at)}>
          {formatDateTime(notification.created_at)}
        </time>
        {/* Those told before hear of a later tier on their own line, not as news (decision 080). */}
        {notification.escalated_tier
          ? `; since escalated to tier ${notification.escalated_tier}, not acknowledged`
          : ''}
        {isUnread ? ' · unread' : ''}
      </span>
      <span className={styles.itemActions}>
        <Link
          to="/alerts/$id"
          params={{ id: String(alert.id) }}
          onClick={() => isUnread && onMarkRead(notification.id)}
        >
          Open the alert
        </Link>
        {/* A person told of the alert alone has its page, not the bridge (decision 080). */}
        {notification.bridge_visible && (
          <Link
            to="/dashboard"
            search={dashboardSearchOf({ id: alert.bridge, name: alert.bridge_name })}
            onClick={() => isUnread && onMarkRead(notification.id)}
          >
            Open {alert.bridge_name}'s dashboard
          </Link>
        )}
        {isUnread && (
          <Button
            variant="secondary"
            disabled={marking}
            onClick={() => onMarkRead(notification.id)}
            aria-label={`Mark read: ${alert.type} on ${alert.bridge_name}`}
          >
            Mark read
          </Button>
        )}
      </span>
    </li>
  );
}
