import { useState } from 'react';
import { ErrorBanner } from '../../ui/error-banner';
import { Spinner } from '../../ui/spinner';
import type { BridgeStream } from './bridge-evaluation';
import * as styles from './dashboard.css';
import { RANGES, type RangeKey } from './readings-range';
import { StreamReadings } from './stream-readings';

interface ReadingsSectionProps {
  streams: readonly BridgeStream[];
  loading: boolean;
  error: Error | null;
}

/** Each data stream of the bridge (datastream.sensors → sensor.bridge) over a chosen range. */
export function ReadingsSection({ streams, loading, error }: ReadingsSectionProps) {
  const [range, setRange] = useState<RangeKey>('24h');
  // Fixed per choice so the query key (and the data) stays put between renders.
  const [now, setNow] = useState(() => Date.now());
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
      {loading && <Spinner label="Loading data streams" />}
      {error && <ErrorBanner>{error.message}</ErrorBanner>}
      {!loading && !error && streams.length === 0 && (
        <p className={styles.muted}>No data streams are connected to this bridge&apos;s sensors.</p>
      )}
      {streams.length > 0 && (
        <div className={styles.streams}>
          {streams.map((entry) => (
            <StreamReadings key={entry.stream.id} entry={entry} range={range} now={now} />
          ))}
        </div>
      )}
    </section>
  );
}
