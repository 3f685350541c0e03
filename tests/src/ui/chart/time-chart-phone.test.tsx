import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatShortDate } from '../../../../domain/formats';
import { TimeChart } from '../../../../src/ui/chart/time-chart';
import { labelWidth } from '../../../../src/ui/chart/time-labels';

const DAY = 86_400_000;
const FONT = 11;
// The time labels sit on the chart's bottom line (240 px high, 8 px up).
const TIME_LABEL_Y = 232;

/** A layout the test DOM lacks: the chart measured `width` px wide, as on a phone. */
function measuredAt(width: number) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe() {
        this.report(
          [{ contentRect: { width } } as ResizeObserverEntry],
          this as unknown as ResizeObserver,
        );
      }
      disconnect() {}
    },
  );
}

function timeLabels(from: string, days: number) {
  const start = Date.parse(from);
  const { container } = render(
    <TimeChart
      title="Frequency shift"
      xDomain={[start, start + days * DAY]}
      yDomain={[-1, 1]}
      stops={[]}
      formatX={(ms) => formatShortDate(ms, 'UTC')}
    >
      {() => null}
    </TimeChart>,
  );
  return [...container.querySelectorAll('svg text')]
    .filter((t) => Number(t.getAttribute('y')) === TIME_LABEL_Y)
    .map((t) => {
      const x = Number(t.getAttribute('x'));
      const w = labelWidth(t.textContent ?? '', FONT);
      const anchor = t.getAttribute('text-anchor');
      const left = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2;
      return { text: t.textContent ?? '', left, right: left + w };
    });
}

// The screenshot tour: on a 390 × 844 phone the frequency shift chart (a month of data) named
// one date, 'Nov 30', so a reader could not tell when the shift happened. The chart is about
// 300 to 330 px wide there.
describe('a time chart on a phone', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['2026-11-02T00:00:00Z', 30, 326],
    ['2026-11-02T09:30:00Z', 30, 300],
    ['2026-10-18T00:00:00Z', 45, 326],
    ['2026-11-10T00:00:00Z', 21, 300],
  ])('names at least 3 dates over %s + %i days at %i px, none touching', (from, days, width) => {
    measuredAt(width);
    const labels = timeLabels(from, days);
    expect(labels.map((l) => l.text).length).toBeGreaterThanOrEqual(3);
    for (const label of labels) {
      expect(label.left).toBeGreaterThanOrEqual(0);
      expect(label.right).toBeLessThanOrEqual(width);
    }
    for (let i = 1; i < labels.length; i += 1) {
      expect(labels[i]?.left ?? 0).toBeGreaterThan(labels[i - 1]?.right ?? 0);
    }
  });
});
