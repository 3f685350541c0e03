import { describe, expect, it } from 'vitest';
import { linearScale } from '../../../../domain/chart-scale';
import { formatShortDate } from '../../../../domain/formats';
import { timeAxisLabels } from '../../../../src/ui/chart/time-axis';

const DAY = 86_400_000;

function wallTime(ms: number, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).format(ms);
}

function labelsOver(from: string, days: number, zone: string) {
  const start = Date.parse(from);
  const xDomain = [start, start + days * DAY] as const;
  return timeAxisLabels({
    xDomain,
    x: linearScale(xDomain, [52, 852]),
    width: 864,
    plotWidth: 800,
    format: (ms) => formatShortDate(ms, zone),
    fontPx: 11,
    timeZone: zone,
  });
}

// A bridge's charts write their dates in its company's zone (decision 064); the ticks came from
// d3 in the browser's zone, so read from a UTC browser a Halifax bridge's 'Nov 28' stood at
// 8 PM on Nov 28, Halifax time, four hours before that day's end.
describe("a time axis in the bridge's zone", () => {
  it.each([
    ['America/Halifax', '2026-11-20T00:00:00Z', 8],
    ['America/Vancouver', '2026-10-27T00:00:00Z', 10],
    ['Asia/Kolkata', '2026-11-20T00:00:00Z', 8],
  ])('puts each date of %s at its own midnight (from %s, %i days)', (zone, from, days) => {
    const labels = labelsOver(from, days, zone);
    expect(labels.length).toBeGreaterThanOrEqual(3);
    for (const label of labels) {
      expect(wallTime(label.at, zone)).toBe('00:00');
      expect(label.text).toBe(formatShortDate(label.at, zone));
    }
  });

  it('keeps whole days across the night the clocks go back (Vancouver, 1 November 2026)', () => {
    const labels = labelsOver('2026-10-28T12:00:00Z', 8, 'America/Vancouver');
    expect(labels.map((l) => l.text)).toEqual(expect.arrayContaining(['Oct 31', 'Nov 2']));
    for (const label of labels) expect(wallTime(label.at, 'America/Vancouver')).toBe('00:00');
  });
});
