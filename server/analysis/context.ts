import type { DatasetWindow } from './window-dataset.ts';

/**
 * The detector's context rows: the window's mean temperature, a missing one carried forward
 * from the last window that had one (or `fill` before the first), so no row borrows from the
 * future. Without a temperature stream the context is empty.
 */
export function contextRows(
  windows: readonly DatasetWindow[],
  hasTemperature: boolean,
  fill: number | null,
): number[][] {
  if (!hasTemperature) return windows.map(() => []);
  let last = fill ?? 0;
  return windows.map((w) => {
    if (Number.isFinite(w.temperatureC)) last = w.temperatureC;
    return [last];
  });
}

export function meanOf(values: readonly number[]): number | null {
  const finite = values.filter(Number.isFinite);
  return finite.length === 0 ? null : finite.reduce((a, b) => a + b, 0) / finite.length;
}
