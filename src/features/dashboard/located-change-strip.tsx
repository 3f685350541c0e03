import type { LocatedChange } from '../../api/queries/modes';
import { locatedChangeLabel, locatedChangeText } from '../../../domain/located-change-text';
import * as styles from './modes-card.css';

const WIDTH = 300;
const HEIGHT = 28;
const PAD = 8;

/**
 * Decision 046's standardised curvature change along the deck, a cell per sensor shaded by its
 * index, and where it peaks. It is an index, not an alarm: the card says so, and the strip only
 * points at where to look first.
 */
export function LocatedChangeStrip({ change }: { change: LocatedChange }) {
  const [from, to] = change.supports_m as [number, number];
  const x = (m: number) => PAD + ((m - from) / (to - from || 1)) * (WIDTH - 2 * PAD);
  const sensors = [...change.sensors].sort((a, b) => a.chainage_m - b.chainage_m);
  const top = Math.max(1, ...sensors.map((s) => s.index));
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
        {edges.map((s) => (
          <rect
            key={s.datastream_id}
            x={x(s.before)}
            y={4}
            width={Math.max(1, x(s.after) - x(s.before))}
            height={HEIGHT - 12}
            fill="#b45309"
            fillOpacity={Math.max(0.06, Math.min(1, Math.max(0, s.index) / top))}
            stroke="#ffffff"
            strokeWidth={0.5}
          />
        ))}
        <path d={`M${x(change.location_m)},${HEIGHT - 8} l-5,8 h10 z`} fill="#111111" />
      </svg>
      <figcaption className={styles.caption}>{locatedChangeText(change)}</figcaption>
    </figure>
  );
}
