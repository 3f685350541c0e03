import { describe, expect, it } from 'vitest';
import { contextRows, LAGGED_TEMPERATURE_COLUMN } from '../../../server/analysis/context.ts';
import type { DatasetWindow } from '../../../server/analysis/window-dataset.ts';

const WINDOW_MS = 600_000;
const windowsAt = (temperatures: number[]): DatasetWindow[] =>
  temperatures.map((temperatureC, i) => ({
    start: i * WINDOW_MS,
    end: (i + 1) * WINDOW_MS,
    features: [],
    temperatureC,
  }));

describe('the detector context of the frozen deck', () => {
  // A frosty night at −6 °C for 12 hours, then the air is back at +2 °C for one window.
  const night = windowsAt([...Array.from({ length: 72 }, () => -6), 2]);

  it('bends the frost hinges on the deck (lagged) temperature, which is still below freezing', () => {
    const morning = contextRows(night, true, -6, 'deck').at(-1) ?? [];
    expect(morning[0]).toBe(2);
    expect(morning[LAGGED_TEMPERATURE_COLUMN]).toBeLessThan(-5);
    // The 0 °C hinge: max(0, 0 − deck) > 5 while the deck stays frozen.
    expect(morning[1]).toBeGreaterThan(5);
  });

  it('keeps the hinges on the air for models stored with the seasonal layout', () => {
    const morning = contextRows(night, true, -6, 'seasonal').at(-1) ?? [];
    expect(morning[1]).toBe(0);
  });
});
