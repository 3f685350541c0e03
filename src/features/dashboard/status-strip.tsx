import { type Condition, colourClass } from '../../../domain/health';
import { countOf } from '../../../domain/formats';
import { type BridgeEvaluation, spansText } from './bridge-evaluation';
import * as styles from './dashboard.css';
import { useMediaQuery } from '../../ui/use-media-query';
import { HealthGauge } from './health-gauge';
import { InspectionFacts } from './inspection-facts';
import { MonitoringStatus } from './monitoring-status';
import { NARROW_SCREEN } from './narrow-screen';
import { SensorDisagreements } from './sensor-disagreements';
import { When } from './when';

/** Spec §4 colour chip beside the word; grey 'Not assessed' when there is no evaluation. */
export function ConditionChip({ condition }: { condition: Condition | null }) {
  if (condition === null) {
    return <span className={`${styles.chip} ${styles.chipNeutral}`}>Not assessed</span>;
  }
  return (
    <span className={`${styles.chip} ${styles.level[colourClass(condition)]}`}>{condition}</span>
  );
}

// Spec §4 gauge rule, said next to the number so 60 is never read as 'more than half healthy'.
// Poor and Critical share 60 in the spec's table, so the words under the number tell them apart.
const BANDS =
  '90 Good (no anomaly episode) · 75 Fair (1–2) · 60 Poor (3–5) · 60 Critical (more than 5)';

interface StatusStripProps {
  bridgeId: number;
  bridgeName: string;
  evaluation: BridgeEvaluation;
  /** When the dashboard last heard from the server (epoch ms), 0 before it has. */
  refreshedAt: number;
}

/**
 * Condition first: the spec's Bridge Condition Index, Health Score, Current situation and
 * Bridge Monitoring Status cards side by side at the top, each fact once.
 */
export function StatusStrip({ bridgeId, bridgeName, evaluation, refreshedAt }: StatusStripProps) {
  const { report, health } = evaluation;
  const active = evaluation.active.length;
  // A phone keeps the strip short (the active alerts on its first screen): what is not needed
  // at a glance goes behind a disclosure, where the desktop shows it in the list.
  const narrow = useMediaQuery(NARROW_SCREEN);
  const maintenance = health && (
    <>
      <dt>Days to next maintenance</dt>
      <dd>{health.maintenanceDays}</dd>
    </>
  );
  return (
    <section className={styles.strip} aria-label={`Status of ${bridgeName}`}>
      <section
        className={`${styles.stripCell} ${styles.stripCellWide}`}
        aria-labelledby="condition-index-title"
      >
        <h2 id="condition-index-title" className={styles.stripTitle}>
          Bridge Condition Index
        </h2>
        <dl className={styles.stripFacts}>
          <dt>Condition</dt>
          <dd>
            <ConditionChip condition={health?.condition ?? null} />{' '}
            {/* Beside the condition: what the data behind it can be trusted for (issue 36), on
                the same line, so the strip keeps the active alerts on the first screen. */}
            <span
              className={
                evaluation.trust.reporting < evaluation.trust.total ? styles.warningText : undefined
              }
            >
              {evaluation.trustLine}
            </span>
          </dd>
          <SensorDisagreements disagreements={report?.sensor_disagreements} />
          <InspectionFacts bridgeId={bridgeId} narrow={narrow} more={narrow && maintenance} />
          {report && health ? (
            <>
              {evaluation.held && (
                <>
                  <dt>Condition held</dt>
                  <dd className={styles.warningText}>
                    Condition held from{' '}
                    {evaluation.held.from ? (
                      <When iso={evaluation.held.from} />
                    ) : (
                      'the last evaluation that judged enough'
                    )}
                    : {evaluation.held.why}
                  </dd>
                </>
              )}
              <dt>Anomalies</dt>
              <dd>{evaluation.countsText}</dd>
              {/* Spec §2's 'last updated' of the condition: when it was assessed. The strip says
                  'Last updated' once, in Bridge Monitoring Status, of the page (issue 36). */}
              <dt>Assessed</dt>
              <dd>
                <When iso={report.evaluated_at} />
              </dd>
              {!narrow && maintenance}
              {health.condition !== 'Good' && (
                <>
                  <dt>Threat level</dt>
                  <dd>
                    <span className={`${styles.chip} ${styles.level[colourClass(health.threat)]}`}>
                      {health.threat}
                    </span>
                  </dd>
                </>
              )}
            </>
          ) : report ? (
            <>
              <dt>Anomalies</dt>
              <dd>
                {evaluation.held
                  ? `Not assessed: ${evaluation.held.why}`
                  : `None found where the data reaches; ${spansText(evaluation.unwatched)} not assessed (no trusted data)`}
              </dd>
              {/* Spec §2's 'last updated' of the condition: when it was assessed. The strip says
                  'Last updated' once, in Bridge Monitoring Status, of the page (issue 36). */}
              <dt>Assessed</dt>
              <dd>
                <When iso={report.evaluated_at} />
              </dd>
            </>
          ) : (
            <>
              <dt>Anomalies</dt>
              <dd>Not counted until the first assessment</dd>
            </>
          )}
        </dl>
      </section>

      <section className={styles.stripCell} aria-labelledby="gauge-title">
        <h2 id="gauge-title" className={styles.stripTitle}>
          Health Score
        </h2>
        {health ? (
          <div className={styles.gaugeBox}>
            <HealthGauge
              value={health.gauge}
              colour={health.gaugeColour}
              condition={health.condition}
            />
          </div>
        ) : (
          <p className={styles.big}>–</p>
        )}
        <p className={styles.small}>{BANDS}</p>
      </section>

      <section className={styles.stripCell} aria-labelledby="situation-title">
        <h2 id="situation-title" className={styles.stripTitle}>
          Current situation
        </h2>
        <p className={`${styles.situation} ${styles.tone[evaluation.tone]}`}>
          {evaluation.situation}
        </p>
        <a href="#active-alerts" className={styles.alertsLink}>
          {countOf(active, 'active alert', 'active alerts')}
        </a>
      </section>

      <MonitoringStatus evaluation={evaluation} refreshedAt={refreshedAt} narrow={narrow} />
    </section>
  );
}
