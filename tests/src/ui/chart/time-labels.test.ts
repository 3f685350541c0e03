import { describe, expect, it } from 'vitest';
import { timeTickFormat } from '../../../../domain/formats';
import { labelWidth, placeTimeLabels } from '../../../../src/ui/chart/time-labels';

const HOUR = 3_600_000;
const start = new Date(2026, 10, 27, 0, 0).getTime();
const FONT = 11;

/** The left and right edges of each placed label, as drawn with its anchor. */
function edges(labels: ReturnType<typeof placeTimeLabels>) {
  return labels.map((l) => {
    const w = labelWidth(l.text, FONT);
    const left = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - w : l.x - w / 2;
    return { left, right: left + w };
  });
}

describe('time axis labels (issue 36, item 8)', () => {
  const domain = [start, start + 24 * HOUR] as const;
  const candidates = [0, 6, 12, 18, 24].map((h) => start + h * HOUR);

  it.each([270, 330, 600, 1200])('never touch each other nor leave a %i px chart', (width) => {
    const x = (ms: number) => 52 + ((ms - domain[0]) / (domain[1] - domain[0])) * (width - 64);
    const labels = placeTimeLabels({
      candidates,
      x,
      width,
      format: timeTickFormat(domain),
      fontPx: FONT,
    });
    expect(labels.length).toBeGreaterThanOrEqual(2);
    const boxes = edges(labels);
    for (const [i, box] of boxes.entries()) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(width);
      const next = boxes[i + 1];
      if (next) expect(next.left).toBeGreaterThan(box.right);
    }
  });

  it('names the day once, then the time alone while the day is the same', () => {
    const format = timeTickFormat(domain);
    const first = format(candidates[0] ?? 0);
    const noon = format(start + 12 * HOUR, start);
    const nextDay = format(start + 24 * HOUR, start + 12 * HOUR);
    expect(first).toMatch(/Nov/);
    expect(noon).not.toMatch(/Nov/);
    expect(noon).toMatch(/12/);
    expect(nextDay).toMatch(/Nov 28|28 Nov/);
  });

  it('keeps the day alone for spans longer than two days', () => {
    const format = timeTickFormat([start, start + 7 * 24 * HOUR]);
    expect(format(start + 24 * HOUR, start)).toMatch(/Nov 28|28 Nov/);
  });
});
