import { useState } from 'react';
import type { BridgeStream } from './bridge-evaluation';
import * as styles from './dashboard.css';
import { RANGES, type RangeKey } from './readings-range';
import { StreamReadings } from './stream-readings';
import { UpdatedAt } from './when';

interface ReadingsSectionProps {
  streams: readonly BridgeStream[];
  /** When the bridge's streams last came from the server (epoch ms). */
  streamsUpdatedAt: number;
}

/** Each data stream of the bridge (datastream.sensors → sensor.bridge) over a chosen range. */
export function ReadingsSection({ streams, streamsUpdatedAt }: ReadingsSectionProps) {
  const [range, setRange] = useState<RangeKey>('24h');
  // Fixed per choice so the query key (and the data) stays put between renders, and moved on by
  // each 5-minute refresh of the streams: their newer last sample then ends a newer range.
  const [chosenAt, setChosenAt] = useState(() => Date.now());
  const now = Math.max(chosenAt, streamsUpdatedAt);
  const choose = (key: RangeKey) => {
    setRange(key);
    setChosenAt(Date.now());
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
      <UpdatedAt at={streamsUpdatedAt} />
      {streams.length === 0 && (
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
