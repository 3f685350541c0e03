import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import {
  type Alert,
  acknowledgeAlerts,
  bridgeAlertsQueryKey,
  bridgeAlertsQueryOptions,
} from '../../api/queries/alerts';
import { NO_ACTIVE_ALERTS } from '../../domain/dashboard-messages';
import { Button } from '../../ui/button';
import { ErrorBanner } from '../../ui/error-banner';
import { visuallyHidden } from '../../ui/layout.css';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { AlertDetailsModal } from './alert-details-modal';
import * as styles from './dashboard.css';
import { formatDateTime } from '../../domain/formats';
import { LegendList } from './legend-list';

const DISMISS_FAILED = 'Failed to dismiss the alerts';
const TOAST_MS = 3000;

/**
 * Active Alerts with its count badge, and the legend card whose Dismiss acknowledges the alerts
 * shown (the server stores who and when) and whose View Details explains them.
 */
export function AlertsCards({ bridgeId }: { bridgeId: number }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { show } = useToast();
  const alerts = useQuery(bridgeAlertsQueryOptions(api, bridgeId));
  const [detailsOpen, setDetailsOpen] = useState(false);
  const active = alerts.data?.filter((a) => a.state === 'active') ?? [];
  const acknowledged = alerts.data?.filter((a) => a.state === 'acknowledged') ?? [];

  const dismiss = useMutation({
    mutationFn: (ids: number[]) => acknowledgeAlerts(api, ids),
    onError: () => show({ tone: 'error', message: DISMISS_FAILED, durationMs: TOAST_MS }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bridgeAlertsQueryKey(bridgeId) }),
  });

  return (
    <>
      <section className={styles.card} aria-labelledby="active-alerts-title">
        <h2 id="active-alerts-title" className={styles.cardTitle}>
          Active Alerts
          {alerts.isSuccess && (
            <span className={active.length > 0 ? styles.badge : styles.badgeCalm}>
              {active.length}
              <span className={visuallyHidden}> active</span>
            </span>
          )}
        </h2>
        {alerts.isPending && <Spinner label="Loading alerts" />}
        {alerts.isError && <ErrorBanner>{alerts.error.message}</ErrorBanner>}
        {alerts.isSuccess && active.length === 0 && (
          <p className={styles.muted}>{NO_ACTIVE_ALERTS}</p>
        )}
        {active.length > 0 && <AlertList alerts={active} label="Active alerts" />}
        {acknowledged.length > 0 && (
          <>
            <h3 className={styles.subTitle}>Acknowledged</h3>
            <AlertList alerts={acknowledged} label="Acknowledged alerts" />
          </>
        )}
      </section>

      <section className={styles.card} aria-labelledby="legend-title">
        <h2 id="legend-title" className={styles.cardTitle}>
          Legend
        </h2>
        <LegendList />
        <div className={styles.actions}>
          <Button
            variant="primary"
            disabled={active.length === 0 || dismiss.isPending}
            onClick={() => dismiss.mutate(active.map((a) => a.id))}
          >
            {dismiss.isPending ? 'Dismissing...' : 'Dismiss'}
          </Button>
          <Button variant="secondary" onClick={() => setDetailsOpen(true)}>
            View Details
          </Button>
        </div>
      </section>

      {detailsOpen && (
        <AlertDetailsModal
          alerts={active.length > 0 ? active : acknowledged}
          onClose={() => setDetailsOpen(false)}
        />
      )}
    </>
  );
}

function AlertList({ alerts, label }: { alerts: readonly Alert[]; label: string }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {alerts.map((alert) => (
        <li key={alert.id} className={styles.alertItem}>
          <strong>{alert.type}</strong> ({alert.severity}): {alert.message}
          <br />
          <span className={styles.muted}>
            Raised {formatDateTime(alert.raised_at)}
            {alert.acknowledged_by && ` · acknowledged by ${alert.acknowledged_by.username}`}
          </span>
        </li>
      ))}
    </ul>
  );
}
