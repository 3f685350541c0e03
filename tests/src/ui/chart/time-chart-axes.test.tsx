import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatShortDateTime } from '../../../../domain/formats';
import { TimeChart } from '../../../../src/ui/chart/time-chart';

const DAY = 86_400_000;
const start = Date.parse('2026-11-14T00:00:00Z');

function axisTexts(yDomain: readonly [number, number], days = 1) {
  const { container } = render(
    <TimeChart
      title="First natural frequency"
      xDomain={[start, start + days * DAY]}
      yDomain={yDomain}
      stops={[]}
      formatX={(ms) => formatShortDateTime(ms)}
      yLabel="Frequency (Hz)"
    >
      {() => null}
    </TimeChart>,
  );
  const texts = [...container.querySelectorAll('svg text')].map((t) => ({
    text: t.textContent ?? '',
    x: Number(t.getAttribute('x')),
    y: Number(t.getAttribute('y')),
  }));
  return texts;
}

describe('chart axes (issue 18)', () => {
  it('prints the value ticks with enough decimals to tell them apart', () => {
    const texts = axisTexts([2.4551, 2.4623]).map((t) => t.text);
    const numeric = texts.filter((t) => /^\d/.test(t) && !t.includes(':') && !/[A-Za-z]/.test(t));
    expect(numeric.length).toBeGreaterThanOrEqual(3);
    expect(new Set(numeric).size).toBe(numeric.length);
    expect(numeric).toContain('2.456');
  });

  it('names the quantity and unit above the plot, not on its side over the card (issue 36)', () => {
    const { container } = render(
      <TimeChart
        title="First natural frequency"
        xDomain={[start, start + DAY]}
        yDomain={[0, 1]}
        stops={[]}
        formatX={(ms) => formatShortDateTime(ms)}
        yLabel="Frequency (Hz)"
      >
        {() => null}
      </TimeChart>,
    );
    const title = [...container.querySelectorAll('p')].find(
      (p) => p.textContent === 'Frequency (Hz)',
    );
    expect(title).toBeDefined();
    expect(container.querySelector('svg [transform*="rotate"]')).toBeNull();
  });

  it('thins the time labels to the width (640 px in a test DOM): never more than one per 110 px', () => {
    // The time labels sit on the bottom line (240 px high chart, 8 px up).
    const times = axisTexts([0, 1], 7).filter((t) => t.y === 232);
    expect(times.length).toBeGreaterThanOrEqual(2);
    expect(times.length).toBeLessThanOrEqual(Math.floor((640 - 72) / 110));
    const xs = times.map((t) => t.x).sort((a, b) => a - b);
    for (let i = 1; i < xs.length; i += 1)
      expect((xs[i] ?? 0) - (xs[i - 1] ?? 0)).toBeGreaterThan(80);
  });
});
