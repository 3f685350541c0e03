import type { Scale } from './chart-paths';

export interface TimeLabel {
  at: number;
  x: number;
  text: string;
  anchor: 'start' | 'middle' | 'end';
}

/** Formats a tick; `previous` is the tick labelled before it, so a label can leave out the day. */
export type TimeLabelFormat = (ms: number, previous?: number) => string;

// The chart's labels are 11 px; its widest glyphs (digits, capitals) are about 0.62 em. An
// estimate instead of a measurement keeps this pure and the same in a test DOM.
const CHAR_EM = 0.62;
export const GAP_PX = 12;

export const labelWidth = (text: string, fontPx: number): number =>
  Math.ceil(text.length * fontPx * CHAR_EM);

/**
 * Keeps the candidate ticks whose labels fit side by side, left to right: a label that would
 * touch the one before it is dropped, and one at an edge is anchored inwards so it stays in the
 * chart. This is what keeps 'Nov 27, 12:00 PM' from running into its neighbour on a phone.
 */
export function placeTimeLabels(options: {
  candidates: readonly number[];
  x: Scale;
  width: number;
  format: TimeLabelFormat;
  fontPx: number;
}): TimeLabel[] {
  const { candidates, x, width, format, fontPx } = options;
  const placed: TimeLabel[] = [];
  let freeFrom = -Infinity;
  for (const at of candidates) {
    const previous = placed[placed.length - 1]?.at;
    const text = format(at, previous);
    const textWidth = labelWidth(text, fontPx);
    const centre = x(at);
    let anchor: TimeLabel['anchor'] = 'middle';
    let left = centre - textWidth / 2;
    if (left < 0) {
      anchor = 'start';
      left = centre;
    } else if (centre + textWidth / 2 > width) {
      anchor = 'end';
      left = centre - textWidth;
    }
    if (left < freeFrom || left + textWidth > width) continue;
    placed.push({ at, x: centre, text, anchor });
    freeFrom = left + textWidth + GAP_PX;
  }
  return placed;
}
