import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import type { Alert } from '../../api/queries/alerts';
import { NO_ACTIVE_ALERTS } from '../../../domain/dashboard-messages';
import { Button } from '../../ui/button';
import { HistoryLink } from '../../ui/history-link';
import { visuallyHidden } from '../../ui/layout.css';
import { AcknowledgeDialog } from './acknowledge-dialog';
import { AlertDetailsModal } from './alert-details-modal';
import { alertFacts, alertMessage } from './alert-facts';
import type { BridgeEvaluation } from './bridge-evaluation';
import * as styles from './dashboard.css';
import { LegendList } from './legend-list';
import { UpdatedAt, When } from './when';

interface AlertsCardsProps {
  bridgeId: number;
  evaluation: BridgeEvaluation;
  /** When the alerts last came from the server (epoch ms). */
  updatedAt: number;
}

type Acknowledging = { alerts: readonly Alert[]; all: boolean } | null;

/**
 * Active Alerts, one by one with where each comes from and what to do, each acknowledged on its
 * own with a comment; the legend card's Dismiss does the same for all of them after confirming.
 */
export function AlertsCards({ bridgeId, evaluation, updatedAt }: AlertsCardsProps) {
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [acknowledging, setAcknowledging] = useState<Acknowledging>(null);
  // The audit view is for staff only, so only they are offered an alert's history.
  const { user } = useRouteContext({ from: '/_signed-in' });
  const { active, acknowledged } = evaluation;
  const badge =
    active.length > 0 ? styles.badge : evaluation.report ? styles.badgeCalm : styles.badgeNeutral;

  return (
    <>
      <section
        id="active-alerts"
        className={`${styles.card} ${styles.wideTwo}`}
        aria-labelledby="active-alerts-title"
      >
        <h2 id="active-alerts-title" className={styles.cardTitle}>
          Active Alerts
          <span className={badge}>
            {active.length}
            <span className={visuallyHidden}> active</span>
          </span>
        </h2>
        <UpdatedAt at={updatedAt} />
        {active.length === 0 && <p className={styles.muted}>{NO_ACTIVE_ALERTS}</p>}
        {active.length > 0 && (
          <ul className={styles.list} aria-label="Active alerts">
            {active.map((alert) => (
              <ActiveAlert
                key={alert.id}
                alert={alert}
                evaluation={evaluation}
                isStaff={user.is_staff}
                onAcknowledge={() => setAcknowledging({ alerts: [alert], all: false })}
              />
            ))}
          </ul>
        )}
        {acknowledged.length > 0 && (
          <>
            <h3 className={styles.subTitle}>Acknowledged</h3>
            <ul className={styles.list} aria-label="Acknowledged alerts">
              {acknowledged.map((alert) => (
                <li key={alert.id} className={styles.alertItem}>
                  <strong>{alert.type}</strong> ({alert.severity}): {alertMessage(alert)}
                  <br />
                  <span className={styles.muted}>
                    {alert.acknowledged_at && (
                      <>
                        Acknowledged <When iso={alert.acknowledged_at} />
                      </>
                    )}
                    {alert.acknowledged_by && ` by ${alert.acknowledged_by.username}`}
                    {alert.comment && `: “${alert.comment}”`}
                  </span>
                  {user.is_staff && (
                    <div className={styles.actions}>
                      <AlertHistoryLink alert={alert} />
                    </div>
                  )}
                </li>
              ))}
            </ul>
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
            disabled={active.length === 0}
            onClick={() => setAcknowledging({ alerts: active, all: true })}
          >
            Dismiss
          </Button>
          <Button variant="secondary" onClick={() => setDetailsOpen(true)}>
            View Details
          </Button>
        </div>
      </section>

      {detailsOpen && (
        <AlertDetailsModal
          alerts={active.length > 0 ? active : acknowledged}
          evaluation={evaluation}
          onClose={() => setDetailsOpen(false)}
        />
      )}
      {acknowledging && (
        <AcknowledgeDialog
          bridgeId={bridgeId}
          alerts={acknowledging.alerts}
          all={acknowledging.all}
          onClose={() => setAcknowledging(null)}
        />
      )}
    </>
  );
}

/** Named by type and message: two open alerts of one type differ in their subject. */
function AlertHistoryLink({ alert }: { alert: Alert }) {
  return (
    <HistoryLink
      objectType="alert"
      objectId={alert.id}
      name={`${alert.type} alert: ${alertMessage(alert)}`}
    />
  );
}

interface ActiveAlertProps {
  alert: Alert;
  evaluation: BridgeEvaluation;
  isStaff: boolean;
  onAcknowledge: () => void;
}

function ActiveAlert({ alert, evaluation, isStaff, onAcknowledge }: ActiveAlertProps) {
  const facts = alertFacts(alert, evaluation);
  const titleId = `alert-${alert.id}-heading`;
  return (
    <li className={styles.alertItem} aria-labelledby={titleId}>
      <p id={titleId} className={styles.alertHeading}>
        <strong>{alert.type}</strong> <span className={styles.severity}>{alert.severity}</span>{' '}
        {alertMessage(alert)}
      </p>
      <dl className={styles.facts}>
        <dt>Source</dt>
        <dd>{facts.source}</dd>
        {facts.reading !== null && (
          <>
            <dt>Value</dt>
            <dd>{facts.reading}</dd>
          </>
        )}
        {facts.physical !== null && (
          <>
            <dt>Physical change</dt>
            <dd>{facts.physical}</dd>
          </>
        )}
        <dt>First seen</dt>
        <dd>
          <When iso={facts.firstSeen} />
        </dd>
        <dt>Last seen</dt>
        <dd>
          <When iso={facts.lastSeen} />
        </dd>
        <dt>What to do</dt>
        <dd>{facts.action}</dd>
      </dl>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onAcknowledge} aria-describedby={titleId}>
          Acknowledge
        </Button>
        {isStaff && <AlertHistoryLink alert={alert} />}
      </div>
    </li>
  );
}
