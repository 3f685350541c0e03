import { Link, useRouteContext } from '@tanstack/react-router';
import { countOf } from '../../../domain/formats';
import { NoSensorData } from '../../ui/no-sensor-data';
import { AnalysisProgress } from './analysis-progress';
import type { BridgeEvaluation } from './bridge-evaluation';
import * as styles from './dashboard.css';
import { When } from './when';

/**
 * Why a bridge has no condition yet, in plain words and with what to do about it: no sensors,
 * sensors that never sent, or data still gathering for the first assessment.
 */
export function NotAssessedCard({
  sid,
  evaluation,
}: {
  sid: string;
  evaluation: BridgeEvaluation;
}) {
  const { streams, lastDataReceived } = evaluation;
  const { user } = useRouteContext({ from: '/_signed-in' });
  const sensors = new Set(streams.flatMap((s) => s.sensors.map((x) => x.id))).size;
  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="not-assessed-title">
      <h2 id="not-assessed-title" className={styles.cardTitle}>
        Not assessed yet
      </h2>
      {lastDataReceived === null && <NoSensorData isStaff={user.is_staff} />}
      {streams.length === 0 ? (
        <p className={styles.notice} role="status">
          No sensors with data streams are set up on this bridge, so there is nothing to assess yet.
          Add its spans, sensors and data streams in <Link to="/bridges">Bridge Management</Link>.
        </p>
      ) : lastDataReceived === null ? (
        <p className={styles.notice} role="status">
          This bridge has {countOf(sensors, 'sensor', 'sensors')} installed, but no data has arrived
          from {sensors === 1 ? 'it' : 'any of them'} yet. Check that the sensors and their gateway
          are powered and connected; the first assessment starts on its own once data comes in.
        </p>
      ) : (
        <p className={styles.notice} role="status">
          Data is arriving (last received <When iso={lastDataReceived} />
          ). The first assessment runs on its own once a few days of data are stored; its progress
          shows here.
        </p>
      )}
      <AnalysisProgress sid={sid} />
      <p className={styles.muted}>
        The condition, health score and prediction appear after the first assessment.
      </p>
    </section>
  );
}
