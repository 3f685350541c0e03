import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { listDatastreamsQueryOptions, listSensorsQueryOptions } from '../../api/queries/structures';
import { ErrorBanner } from '../../ui/error-banner';
import { Spinner } from '../../ui/spinner';
import * as styles from './dashboard.css';
import { RANGES, type RangeKey } from './readings-range';
import { StreamReadings } from './stream-readings';

/** Each data stream of the bridge (datastream.sensors → sensor.bridge) over a chosen range. */
export function ReadingsSection({ bridgeId }: { bridgeId: number }) {
  const api = useApi();
  const datastreams = useQuery(listDatastreamsQueryOptions(api));
  const sensors = useQuery(listSensorsQueryOptions(api));
  const [range, setRange] = useState<RangeKey>('24h');
  // Fixed per choice so the query key (and the data) stays put between renders.
  const [now, setNow] = useState(() => Date.now());

  const bridgeSensors = new Set(
    (sensors.data ?? []).filter((s) => s.bridge === bridgeId).map((s) => s.id),
  );
  const streams = (datastreams.data ?? []).filter((d) =>
    d.sensors.some((id) => bridgeSensors.has(id)),
  );
  const choose = (key: RangeKey) => {
    setRange(key);
    setNow(Date.now());
  };

  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="readings-title">
      <h2 id="readings-title" className={styles.cardTitle}>
        Sensor readings
      </h2>
      <div className={styles.rangeButtons} role="group" aria-label="Time range">
        {RANGES.map((r) => (
          <button
            key={r.key}
            type="button"
            className={styles.rangeButton}
            aria-pressed={range === r.key}
            onClick={() => choose(r.key)}
          >
            {r.label}
          </button>
        ))}
      </div>
      {(datastreams.isPending || sensors.isPending) && <Spinner label="Loading data streams" />}
      {datastreams.isError && <ErrorBanner>{datastreams.error.message}</ErrorBanner>}
      {sensors.isError && <ErrorBanner>{sensors.error.message}</ErrorBanner>}
      {datastreams.isSuccess && sensors.isSuccess && streams.length === 0 && (
        <p className={styles.muted}>No data streams are connected to this bridge&apos;s sensors.</p>
      )}
      {streams.length > 0 && (
        <div className={styles.streams}>
          {streams.map((stream) => (
            <StreamReadings key={stream.id} stream={stream} range={range} now={now} />
          ))}
        </div>
      )}
    </section>
  );
}
