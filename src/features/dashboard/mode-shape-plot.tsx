import type { StoredMode } from '../../api/queries/modes';
import { vars } from '../../styles/theme.css';
import * as styles from './modes-card.css';

type Shape = StoredMode['shape'];

const WIDTH = 300;
const HEIGHT = 90;
const PAD = 8;
const REFERENCE_COLOUR = '#6b7280';
const LATEST_COLOUR = '#0b5c85';

/**
 * The newest shape turned to the reference's sign: an identified shape's sign is arbitrary
 * (any multiple of a mode vector is the mode), so a flip between windows is not a change.
 */
export function alignedToReference(latest: Shape, reference: Shape): Shape {
  const refByStream = new Map(reference.map((p) => [p.datastream_id, p.value]));
  let dot = 0;
  for (const p of latest) dot += p.value * (refByStream.get(p.datastream_id) ?? 0);
  return dot < 0 ? latest.map((p) => ({ ...p, value: -p.value })) : latest;
}

const points = (shape: Shape, x: (m: number) => number, y: (v: number) => number) =>
  shape.map((p) => `${x(p.chainage_m).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');

/**
 * One mode's shape along the span, the reference's (grey, dashed) under the newest window's,
 * between the supports. No text inside the drawing: its name and what it shows are the
 * figure's caption, which stays readable at any width.
 */
export function ModeShapePlot(props: {
  name: string;
  reference: Shape;
  latest: Shape;
  supports: readonly [number, number];
}) {
  const [from, to] = props.supports;
  const latest = alignedToReference(props.latest, props.reference);
  const x = (m: number) => PAD + ((m - from) / (to - from || 1)) * (WIDTH - 2 * PAD);
  const y = (v: number) => HEIGHT / 2 - v * (HEIGHT / 2 - PAD);
  const described =
    latest.length === 0
      ? `${props.name}: the reference's shape; not found in the newest window`
      : `${props.name}: the reference's shape and the newest window's along the span`;
  return (
    <figure className={styles.shape}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={styles.shapeDrawing}
        role="img"
        aria-label={described}
      >
        <line
          x1={x(from)}
          x2={x(to)}
          y1={y(0)}
          y2={y(0)}
          stroke={vars.color.border}
          strokeWidth={1}
        />
        {[from, to].map((support) => (
          <path
            key={support}
            d={`M${x(support)},${y(0)} l-5,9 h10 z`}
            fill={vars.color.textMuted}
          />
        ))}
        <polyline
          points={points(props.reference, x, y)}
          fill="none"
          stroke={REFERENCE_COLOUR}
          strokeWidth={1.5}
          strokeDasharray="5 3"
        />
        {latest.length > 0 && (
          <polyline
            points={points(latest, x, y)}
            fill="none"
            stroke={LATEST_COLOUR}
            strokeWidth={2}
          />
        )}
        {latest.map((p) => (
          <circle
            key={p.datastream_id}
            cx={x(p.chainage_m)}
            cy={y(p.value)}
            r={2.5}
            fill={LATEST_COLOUR}
          />
        ))}
      </svg>
      <figcaption className={styles.caption}>{props.name}</figcaption>
    </figure>
  );
}

export const SHAPE_COLOURS = { reference: REFERENCE_COLOUR, latest: LATEST_COLOUR };
