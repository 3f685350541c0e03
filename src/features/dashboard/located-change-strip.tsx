import type { LocatedChange } from '../../api/queries/modes';
import { locatedChangeLabel, locatedChangeText } from '../../../domain/located-change-text';
import * as styles from './modes-card.css';

const WIDTH = 300;
const HEIGHT = 48;
const PAD = 8;
const TOP = 4;
const BASE = HEIGHT - 12;
const ABOVE = '#b45309';
const WITHIN = '#9ca3af';

/**
 * Decision 046's standardised curvature change along the deck, a cell per sensor as tall as its
 * index, over a grey band up to the threshold of the healthy scatter (decision 076, 2026-12-01):
 * a cell above the band is amber, and a marker points at the location only when the peak stands
 * out of it and persists over the newest windows (2026-12-02); a candidate that does not persist
 * yet gets a hollow dashed marker. It is an index, not an alarm: the caption says so.
 */
export function LocatedChangeStrip({ change }: { change: LocatedChange }) {
  const [from, to] = change.supports_m as [number, number];
  const x = (m: number) => PAD + ((m - from) / (to - from || 1)) * (WIDTH - 2 * PAD);
  const sensors = [...change.sensors].sort((a, b) => a.chainage_m - b.chainage_m);
  const top = Math.max(1, change.threshold, ...sensors.map((s) => s.index));
  const y = (index: number) => BASE - (Math.max(0, index) / top) * (BASE - TOP);
  // Each sensor's cell reaches halfway to its neighbours (the supports at the ends).
  const edges = sensors.map((s, i) => {
    const before = i === 0 ? from : ((sensors[i - 1]?.chainage_m ?? from) + s.chainage_m) / 2;
    const after =
      i === sensors.length - 1 ? to : (s.chainage_m + (sensors[i + 1]?.chainage_m ?? to)) / 2;
    return { ...s, before, after };
  });
  return (
    <figure className={styles.shape}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={styles.strip}
        role="img"
        aria-label={locatedChangeLabel(change)}
      >
        <rect
          x={x(from)}
          y={y(change.threshold)}
          width={x(to) - x(from)}
          height={BASE - y(change.threshold)}
          fill={WITHIN}
          fillOpacity={0.25}
        />
        {edges.map((s) => (
          <rect
            key={s.datastream_id}
            x={x(s.before)}
            y={y(s.index)}
            width={Math.max(1, x(s.after) - x(s.before))}
            height={Math.max(1, BASE - y(s.index))}
            fill={s.index > change.threshold ? ABOVE : WITHIN}
            stroke="#ffffff"
            strokeWidth={0.5}
          />
        ))}
        <line
          x1={x(from)}
          x2={x(to)}
          y1={y(change.threshold)}
          y2={y(change.threshold)}
          stroke="#4b5563"
          strokeDasharray="3 2"
          strokeWidth={0.75}
        />
        <line x1={x(from)} x2={x(to)} y1={BASE} y2={BASE} stroke="#4b5563" strokeWidth={0.75} />
        {change.location_m !== null && (
          <path d={`M${x(change.location_m)},${BASE + 2} l-5,8 h10 z`} fill="#111111" />
        )}
        {change.location_m === null && change.candidate_m !== null && (
          <path
            d={`M${x(change.candidate_m)},${BASE + 2} l-5,8 h10 z`}
            fill="none"
            stroke="#111111"
            strokeWidth={0.75}
            strokeDasharray="2 1"
            data-testid="candidate-marker"
          />
        )}
      </svg>
      <figcaption className={styles.caption}>{locatedChangeText(change)}</figcaption>
    </figure>
  );
}
