import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useApi } from '../../api/api-context';
import { useSession } from '../../api/session-context';
import { markNotificationsReadMutationOptions } from '../../api/mutations/notifications';
import {
  notificationsQueryOptions,
  unreadNotificationsQueryOptions,
} from '../../api/queries/notifications';
import { Button } from '../../ui/button';
import { ErrorBanner } from '../../ui/error-banner';
import { OnCallLine } from '../../ui/on-call-line';
import * as styles from './notification-bell.css';
import { NotificationItem } from './notification-item';

/** Beyond this the badge shows "99+": the exact number no longer changes what one does. */
const BADGE_MAX = 99;

function BellIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}

/**
 * The top bar's bell (issue 32): the unread count, polled, and a panel saying who is on call
 * now and listing the alerts' news with a link to each bridge's dashboard. The count is in the button's name, so a screen
 * reader hears it; Escape closes the panel and gives focus back to the bell.
 */
export function NotificationBell() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const companyId = useSession().user?.company_id;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const unread = useQuery(unreadNotificationsQueryOptions(api)).data ?? 0;
  const list = useInfiniteQuery({ ...notificationsQueryOptions(api), enabled: open });
  const mark = useMutation(markNotificationsReadMutationOptions(api, queryClient));

  // Escape from anywhere while open: marking all read disables the focused button, and focus
  // then leaves the panel.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const name = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className={styles.wrapper}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.bell}
        aria-label={name}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <BellIcon />
        {unread > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
          </span>
        )}
      </button>
      {open && (
        <section id={panelId} className={styles.panel} aria-labelledby={`${panelId}-heading`}>
          <div className={styles.panelHeader}>
            <h2 id={`${panelId}-heading`} className={styles.heading}>
              Notifications
            </h2>
            <Button
              variant="secondary"
              disabled={unread === 0 || mark.isPending}
              onClick={() => mark.mutate(null)}
            >
              Mark all read
            </Button>
          </div>
          {/* Who answers the company's alarms now (decision 056), read when the panel opens. */}
          {companyId !== undefined && (
            <OnCallLine companyId={companyId} className={styles.onCall} />
          )}
          <p className={styles.muted} aria-live="polite">
            {unread === 0 ? 'Nothing unread.' : `${unread} unread.`}
          </p>
          {list.isError && <ErrorBanner>{list.error.message}</ErrorBanner>}
          {/* The list loads once opened: say so, or "3 unread." stands above nothing. */}
          {list.isPending && <p className={styles.muted}>Loading notifications…</p>}
          {list.isSuccess && items.length === 0 && <p>No notifications yet.</p>}
          <ul className={styles.list}>
            {items.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                marking={mark.isPending}
                onMarkRead={(id) => mark.mutate(id)}
              />
            ))}
          </ul>
          {list.hasNextPage && (
            <Button
              variant="secondary"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Show older
            </Button>
          )}
        </section>
      )}
    </div>
  );
}
