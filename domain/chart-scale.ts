// Scales and ticks for the dashboard's SVG charts: plain numbers in, plain numbers out.

export type Domain = readonly [number, number];

/** Maps `domain` linearly onto `range`; a zero-width domain maps to the middle of the range. */
export function linearScale(domain: Domain, range: Domain): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  if (span === 0) return () => (r0 + r1) / 2;
  return (value) => r0 + ((value - d0) / span) * (r1 - r0);
}

/** Smallest and largest finite value, or null when there is none. */
export function extent(values: Iterable<number | null | undefined>): Domain | null {
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    if (value == null || !Number.isFinite(value)) continue;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return min === Infinity ? null : [min, max];
}

/** Widens a domain by `fraction` of its width on both sides (a flat one by 1 either way). */
export function padDomain([min, max]: Domain, fraction = 0.05): Domain {
  const pad = max === min ? Math.abs(max) * fraction || 1 : (max - min) * fraction;
  return [min - pad, max + pad];
}

/** About `count` round tick values (1, 2 or 5 times a power of ten apart) inside the domain. */
export function niceTicks([min, max]: Domain, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max) || count < 1) return [];
  if (min === max) return [min];
  const rough = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const ticks: number[] = [];
  for (let tick = Math.ceil(min / step) * step; tick <= max + step * 1e-9; tick += step) {
    // Rounded to the step's precision so 0.1 + 0.2 reads 0.3.
    ticks.push(Number(tick.toPrecision(12)));
  }
  return ticks;
}

/** Index of the value nearest to `target` in an ascending array (-1 when empty). */
export function nearestIndex(sorted: readonly number[], target: number): number {
  if (sorted.length === 0) return -1;
  let lo = 0;
  let hi = sorted.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] ?? 0) < target) lo = mid;
    else hi = mid;
  }
  const below = sorted[lo] ?? 0;
  const above = sorted[hi] ?? 0;
  return Math.abs(target - below) <= Math.abs(above - target) ? lo : hi;
}
