import { describe, expect, it } from 'vitest';
import { steppedWithNeighbours } from '../../../../server/analytics/sensor-validation/neighbour-steps.ts';
import { offsetFaults } from '../../../../server/analytics/sensor-validation/offset-step.ts';
import {
  compensatedMeans,
  fitThermalModel,
} from '../../../../server/analytics/sensor-validation/thermal-model.ts';
import { OFFSET_SIGMAS } from '../../../../server/analytics/sensor-validation/thresholds.ts';
import { summariseWindows } from '../../../../server/analytics/sensor-validation/window-summary.ts';
import { rawSignal } from './raw-signal.ts';

const WINDOW = 1000;
const summarise = (values: readonly number[]) => summariseWindows(values, 100, 0, WINDOW);
const offset = { sigmas: OFFSET_SIGMAS, unit: 'µε' };

describe('an offset step against the neighbouring channels', () => {
  const at = 25 * WINDOW + 437;
  const step = (values: readonly number[], size: number) =>
    values.map((v, i) => (i < at ? v : v + size));
  const gauge = rawSignal(40 * WINDOW, 7);
  const neighbour = rawSignal(40 * WINDOW, 8);

  it('is the sensor’s when it steps alone', () => {
    const [fault] = offsetFaults(summarise(step(gauge, 6)), offset);
    expect(fault).toBeDefined();
    if (fault) expect(steppedWithNeighbours(fault, [summarise(neighbour)])).toBe(false);
  });

  it('is the structure’s when a neighbour steps in the same window', () => {
    const [fault] = offsetFaults(summarise(step(gauge, 6)), offset);
    expect(fault).toBeDefined();
    if (fault) expect(steppedWithNeighbours(fault, [summarise(step(neighbour, 3))])).toBe(true);
  });
});

describe('a temperature model of a stream', () => {
  // Two and a half days of 10-minute windows: a daily swing of ±8 °C, the gauge reading
  // 12 µε/°C of it two hours late.
  const temperatures = Array.from(
    { length: 360 },
    (_, i) => 10 + 8 * Math.sin((2 * Math.PI * i) / 144),
  );
  const means = temperatures.map((_, i) => 100 + 12 * (temperatures[i - 12] ?? NaN));

  it('finds the lag and slope, and compensation leaves the level at the mean temperature', () => {
    const model = fitThermalModel(means, temperatures);
    expect(model).toMatchObject({ lagWindows: 12 });
    expect(model?.slope).toBeCloseTo(12, 6);
    if (!model) return;
    const compensated = compensatedMeans(model, means, temperatures).slice(12);
    for (const value of compensated) {
      expect(value).toBeCloseTo(100 + 12 * model.referenceC, 6);
    }
  });

  it('is not fitted on a day of nearly constant temperature', () => {
    const flat = temperatures.map((t) => 10 + (t - 10) / 10);
    expect(fitThermalModel(means, flat)).toBeNull();
  });
});
