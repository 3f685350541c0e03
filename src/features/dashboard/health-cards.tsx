import { useState } from 'react';
import type { AnomalyReport } from '../../api/queries/analytics';
import type { Bridge } from '../../api/queries/bridges';
import { currentSituation } from '../../domain/dashboard-messages';
import { type Condition, type Threat, colourClass, deriveHealth } from '../../domain/health';
import * as styles from './dashboard.css';
import { formatCalendarDate, formatDateTime } from '../../domain/formats';
import { HealthGauge } from './health-gauge';
import { PredictionCard } from './prediction-card';

interface HealthCardsProps {
  bridge: Bridge;
  report: AnomalyReport;
}

export function LevelChip({ level }: { level: Condition | Threat }) {
  return <span className={`${styles.chip} ${styles.level[colourClass(level)]}`}>{level}</span>;
}

/** The cards spec §2 derives from the anomaly count with the rules of spec §4. */
export function HealthCards({ bridge, report }: HealthCardsProps) {
  // The date the derivation counts from is fixed per evaluation, so a re-render never moves it.
  const [today] = useState(() => new Date());
  const anomalies = report.num_anomalies;
  const health = deriveHealth(anomalies, today);
  const lastUpdated = formatDateTime(report.evaluated_at);

  return (
    <>
      <PredictionCard bridgeName={bridge.name} anomalies={anomalies} />

      <section className={styles.card} aria-labelledby="condition-index-title">
        <h2 id="condition-index-title" className={styles.cardTitle}>
          Bridge Condition Index
        </h2>
        <dl className={styles.facts}>
          <dt>Condition</dt>
          <dd>
            <LevelChip level={health.condition} />
          </dd>
          <dt>Anomalies</dt>
          <dd>
            {anomalies === 0
              ? 'No anomalies in the last 7 days of data'
              : `${anomalies} anomalous ${anomalies === 1 ? 'event' : 'events'} in the last 7 days of data`}
          </dd>
          <dt>Last updated</dt>
          <dd>{lastUpdated}</dd>
          <dt>Days to next inspection</dt>
          <dd>{health.maintenanceDays}</dd>
          {anomalies > 0 && (
            <>
              <dt>Threat level</dt>
              <dd>
                <LevelChip level={health.threat} />
              </dd>
            </>
          )}
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="gauge-title">
        <h2 id="gauge-title" className={styles.cardTitle}>
          Health Score
        </h2>
        <HealthGauge value={health.gauge} colour={health.gaugeColour} />
      </section>

      <section className={styles.card} aria-labelledby="index-system-title">
        <h2 id="index-system-title" className={styles.cardTitle}>
          Bridge Condition Index System
        </h2>
        <dl className={styles.facts}>
          <dt>Condition</dt>
          <dd>{health.condition}</dd>
          <dt>Next maintenance</dt>
          <dd>
            <time dateTime={health.nextMaintenance}>
              {formatCalendarDate(health.nextMaintenance)}
            </time>
          </dd>
          <dt>Threat</dt>
          <dd>{health.threat}</dd>
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="situation-title">
        <h2 id="situation-title" className={styles.cardTitle}>
          Current situation
        </h2>
        <p className={styles.big}>{currentSituation(anomalies)}</p>
      </section>

      <section className={styles.card} aria-labelledby="monitoring-title">
        <h2 id="monitoring-title" className={styles.cardTitle}>
          Bridge Monitoring Status
        </h2>
        <p className={styles.muted}>
          Last updated: <time dateTime={report.evaluated_at}>{lastUpdated}</time>
        </p>
        <p className={styles.muted}>
          Evaluated {report.period_start.slice(0, 10)} to {report.period_end.slice(0, 10)} with the{' '}
          {report.method} detector
        </p>
      </section>
    </>
  );
}
