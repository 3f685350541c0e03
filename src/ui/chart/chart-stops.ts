import type { ChartStop } from './time-chart';

/** One line's text at one time, for a chart whose lines share their times. */
export interface TimedText {
  x: number;
  text: string;
}

/**
 * One keyboard and tooltip stop per distinct time, in time order: the time's label, then every
 * line's text at that time in the order given ("Nov 20: Mode 1 1.234 Hz, Mode 2 lost").
 */
export function stopsAtTimes(
  texts: Iterable<TimedText>,
  formatX: (ms: number) => string,
): ChartStop[] {
  const byTime = new Map<number, string[]>();
  for (const { x, text } of texts) {
    const atTime = byTime.get(x) ?? [];
    byTime.set(x, atTime);
    atTime.push(text);
  }
  return [...byTime.entries()]
    .sort(([a], [b]) => a - b)
    .map(([x, atTime]) => ({ x, text: `${formatX(x)}: ${atTime.join(', ')}` }));
}
