import type { DatasetWindow } from './window-dataset.ts';

/**
 * How temperature enters the detector. 'temperature' (models stored before issue 15): the
 * window's mean. 'seasonal': the mean, frozen-deck hinges max(0, h − T) at 0, −2 and −4 °C
 * (below 0 °C a deck stiffens sharply, then levels off: asphalt, joints and bearings freeze; the
 * same hinges as the health indicator's), and a lagged mean (exponential, 3-hour time constant)
 * because the deck follows the air with a delay.
 */
export type ContextLayout = 'temperature' | 'seasonal' | 'deck';
/*
 * 'deck' (models trained since decision 026's end-to-end runs): the same columns, but the frost
 * hinges bend on the lagged temperature, the deck's, not the air's: a deck freezes hours after
 * the air does and thaws hours after it. With the hinges on the air, the end-to-end bridge's
 * first December raised 24 false episodes, most on mornings with the air near −2 °C and the deck
 * colder, its first mode up 6 %.
 */

const WINDOW_SECONDS = 600;
const LAG_SECONDS = 3 * 3600;
const LAG_WEIGHT = 1 - Math.exp(-WINDOW_SECONDS / LAG_SECONDS);
const HINGES_C = [0, -1, -2, -3, -4, -6];
/** Where the 'seasonal' and 'deck' layouts keep the lagged temperature: after the hinges. */
export const LAGGED_TEMPERATURE_COLUMN = 1 + HINGES_C.length;

/**
 * The detector's context rows: from the window's mean temperature, a missing one carried forward
 * from the last window that had one (or `fill` before the first), so no row borrows from the
 * future. Without a temperature stream the context is empty.
 */
export function contextRows(
  windows: readonly DatasetWindow[],
  hasTemperature: boolean,
  fill: number | null,
  layout: ContextLayout = 'temperature',
): number[][] {
  if (!hasTemperature) return windows.map(() => []);
  let last = fill ?? 0;
  let lagged = last;
  return windows.map((w) => {
    if (Number.isFinite(w.temperatureC)) last = w.temperatureC;
    if (layout === 'temperature') return [last];
    lagged += LAG_WEIGHT * (last - lagged);
    const frozen = layout === 'deck' ? lagged : last;
    return [last, ...HINGES_C.map((h) => Math.max(0, h - frozen)), lagged];
  });
}

export function meanOf(values: readonly number[]): number | null {
  const finite = values.filter(Number.isFinite);
  return finite.length === 0 ? null : finite.reduce((a, b) => a + b, 0) / finite.length;
}
