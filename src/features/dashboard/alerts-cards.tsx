import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import type { Alert } from '../../api/queries/alerts';
import { NO_ACTIVE_ALERTS } from '../../../domain/dashboard-messages';
import { Button } from '../../ui/button';
import { HistoryLink } from '../../ui/history-link';
import { keepInView } from '../../ui/keep-in-view';
import { OnCallLine } from '../../ui/on-call-line';
import { visuallyHidden } from '../../ui/layout.css';
import { AcknowledgeDialog } from './acknowledge-dialog';
import { AlertDetailsModal } from './alert-details-modal';
import { useDisplaySettings } from '../../ui/display-settings';
import { alertFacts, alertMessage } from './alert-facts';
import { alertSensorText, alertStream, streamCardId } from './alert-subject';
import type { BridgeEvaluation } from './bridge-evaluation';
import * as styles from './dashboard.css';
import { LegendList } from './legend-list';
import { UpdatedAt, When } from './when';

interface AlertsCardsProps {
  bridgeId: number;
  /** The bridge's company, whose rota says who answers these alarms. */
  companyId: number;
  evaluation: BridgeEvaluation;
  /** When the alerts last came from the server (epoch ms). */
  updatedAt: number;
}

type Acknowledging = { alerts: readonly Alert[]; all: boolean } | null;

/**
 * Active Alerts, one card each with what changed, where, since when and against which trigger,
 * its own Details and Acknowledge; the legend card's quiet Dismiss acknowledges all of them after
 * confirming (spec §2 names both legend buttons; issue 36 moved the weight to the cards).
 */
export function AlertsCards({ bridgeId, companyId, evaluation, updatedAt }: AlertsCardsProps) {
  const { timeZone } = useDisplaySettings();
  // The alerts whose details are open: one card's alert, or all of them from the legend.
  const [details, setDetails] = useState<readonly Alert[] | null>(null);
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
        {/* Who answers these alarms, with them: a line of its own above the card pushed the
            active alerts off a phone's first screen once the demo had a rota. */}
        <OnCallLine companyId={companyId} className={styles.onCall} />
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
                onDetails={() => setDetails([alert])}
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
                  <strong>{alert.type}</strong> ({alert.severity}): {alertMessage(alert, timeZone)}
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
            variant="secondary"
            onClick={() => setDetails(active.length > 0 ? active : acknowledged)}
          >
            View Details
          </Button>
          {/* Acknowledging every alert at once is the rare act: the quiet button, last, after a
              confirmation; each card has its own Acknowledge (issue 36). */}
          <Button
            variant="quiet"
            disabled={active.length === 0}
            aria-describedby="dismiss-hint"
            onClick={() => setAcknowledging({ alerts: active, all: true })}
          >
            Dismiss
          </Button>
        </div>
        <p id="dismiss-hint" className={styles.small}>
          Dismiss acknowledges all active alerts at once.
        </p>
      </section>

      {details && (
        <AlertDetailsModal
          alerts={details}
          evaluation={evaluation}
          onClose={() => setDetails(null)}
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
  const { timeZone } = useDisplaySettings();
  return (
    <HistoryLink
      objectType="alert"
      objectId={alert.id}
      name={`${alert.type} alert: ${alertMessage(alert, timeZone)}`}
    />
  );
}

interface ActiveAlertProps {
  alert: Alert;
  evaluation: BridgeEvaluation;
  isStaff: boolean;
  onAcknowledge: () => void;
  onDetails: () => void;
}

/** One alert: what changed, on which sensor, since when, against which trigger, and its acts. */
function ActiveAlert({ alert, evaluation, isStaff, onAcknowledge, onDetails }: ActiveAlertProps) {
  const { timeZone } = useDisplaySettings();
  const facts = alertFacts(alert, evaluation);
  const stream = alertStream(alert, evaluation.streams);
  const titleId = `alert-${alert.id}-heading`;
  const measured = facts.physical ?? facts.reading;
  return (
    <li className={styles.alertItem} aria-labelledby={titleId}>
      <p id={titleId} className={styles.alertHeading}>
        <strong>{alert.type}</strong> <span className={styles.severity}>{alert.severity}</span>{' '}
        {alertMessage(alert, timeZone)}
      </p>
      <dl className={styles.facts}>
        {measured !== null && (
          <>
            <dt>What changed</dt>
            <dd>{measured}</dd>
          </>
        )}
        <dt>Sensor</dt>
        <dd>{alertSensorText(alert, stream)}</dd>
        <dt>Since</dt>
        <dd>
          <When iso={facts.firstSeen} />
        </dd>
        <dt>Last seen</dt>
        <dd>
          <When iso={facts.lastSeen} />
        </dd>
        <dt>Trigger</dt>
        <dd>{facts.trigger}</dd>
        <dt>What to do</dt>
        <dd>{facts.action}</dd>
      </dl>
      <div className={styles.actions}>
        <Button variant="primary" onClick={onAcknowledge} aria-describedby={titleId}>
          Acknowledge
        </Button>
        <Button variant="secondary" onClick={onDetails} aria-describedby={titleId}>
          Details
        </Button>
        {stream && (
          <a
            className={styles.alertsLink}
            href={`#${streamCardId(stream.stream.id)}`}
            onClick={() => keepInView(streamCardId(stream.stream.id))}
          >
            Chart of {stream.stream.stream_id}
          </a>
        )}
        {isStaff && <AlertHistoryLink alert={alert} />}
      </div>
    </li>
  );
}
