// SVG path data for the charts' layers. Points whose value is missing break the line.

export type Scale = (value: number) => number;

export interface XY {
  x: number;
  y: number | null;
}

export interface Band {
  x: number;
  low: number;
  high: number;
}

const fmt = (n: number) => n.toFixed(1);

/** A polyline through the points, lifted over gaps (y null or not finite). */
export function linePath(points: readonly XY[], x: Scale, y: Scale): string {
  let path = '';
  let drawing = false;
  for (const point of points) {
    if (point.y == null || !Number.isFinite(point.y)) {
      drawing = false;
      continue;
    }
    path += `${drawing ? 'L' : 'M'}${fmt(x(point.x))},${fmt(y(point.y))}`;
    drawing = true;
  }
  return path;
}

/** A closed area between `low` and `high` along the points (a min–max or confidence band). */
export function bandPath(points: readonly Band[], x: Scale, y: Scale): string {
  if (points.length === 0) return '';
  const upper = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${fmt(x(p.x))},${fmt(y(p.high))}`);
  const lower = [...points].reverse().map((p) => `L${fmt(x(p.x))},${fmt(y(p.low))}`);
  return `${upper.join('')}${lower.join('')}Z`;
}
