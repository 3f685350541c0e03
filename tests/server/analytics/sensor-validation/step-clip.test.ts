import { describe, expect, it } from 'vitest';
import { clippingFaults } from '../../../../server/analytics/sensor-validation/clipping.ts';
import { offsetFaults } from '../../../../server/analytics/sensor-validation/offset-step.ts';
import { OFFSET_SIGMAS } from '../../../../server/analytics/sensor-validation/thresholds.ts';
import { summariseWindows } from '../../../../server/analytics/sensor-validation/window-summary.ts';
import { rawSignal } from './raw-signal.ts';

const WINDOW = 1000;
const summarise = (values: readonly number[]) => summariseWindows(values, 100, 0, WINDOW);
const offset = { sigmas: OFFSET_SIGMAS, unit: 'µε' };

describe('offset steps', () => {
  const healthy = rawSignal(40 * WINDOW);

  it('finds a 6 µε step in the window it happened in', () => {
    const at = 25 * WINDOW + 437;
    const stepped = healthy.map((v, i) => (i < at ? v : v + 6));
    const faults = offsetFaults(summarise(stepped), offset);
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatchObject({
      kind: 'offset',
      onsetWindow: 25,
      detectedWindow: 25,
      onsetMs: 250_000,
    });
    expect(faults[0]?.reason).toMatch(/^level stepped by 6\.\d\d µε at one sample/);
  });

  it('finds nothing on the healthy signal, nor on a fast ramp of the same size or a spike', () => {
    expect(offsetFaults(summarise(healthy), offset)).toEqual([]);
    const ramp = healthy.map((v, i) => v + 6 * Math.min(1, Math.max(0, (i - 25_000) / 300)));
    expect(offsetFaults(summarise(ramp), offset)).toEqual([]);
    const spiked = healthy.map((v, i) => (i === 25_437 ? v + 60 : v));
    expect(offsetFaults(summarise(spiked), offset)).toEqual([]);
  });

  // A truck's strain plateau of two seconds rose at one sample and passed the one-second
  // isolation test: stored as an offset fault, it kept a healthy gauge out of its fatigue count.
  it('finds nothing on a vehicle’s two-second plateau: an offset stays, a truck leaves', () => {
    const truck = healthy.map((v, i) => (i >= 25_437 && i < 25_637 ? v + 60 : v));
    expect(offsetFaults(summarise(truck), offset)).toEqual([]);
  });

  it('does not read a spike on the newest sample as a step: the level after it is not known yet', () => {
    const spikedLast = healthy.map((v, i) => (i === healthy.length - 1 ? v + 60 : v));
    expect(offsetFaults(summarise(spikedLast), offset)).toEqual([]);
    const spikedNearEnd = healthy.map((v, i) => (i === healthy.length - 3 ? v + 60 : v));
    expect(offsetFaults(summarise(spikedNearEnd), offset)).toEqual([]);
  });
});

describe('clipping', () => {
  const healthy = rawSignal(20 * WINDOW);

  it('finds a signal held at a ceiling in the window it first reached it', () => {
    const clipped = healthy.map((v, i) => (i < 9000 ? v : Math.min(v, 53)));
    const first = clipped.findIndex((v, i) => i >= 9000 && v === 53);
    const faults = clippingFaults(summarise(clipped), { unit: 'µε' });
    expect(faults).toHaveLength(1);
    expect(faults[0]?.onsetWindow).toBe(Math.floor(first / WINDOW));
    expect(faults[0]?.reason).toMatch(/^clipped at 53 µε \(\d+ samples of 1000 held there\)$/);
  });

  it('finds nothing on the healthy signal nor on a 1 Hz value held at 100 Hz', () => {
    expect(clippingFaults(summarise(healthy))).toEqual([]);
    const held = healthy.map((_, i) => Math.round((healthy[i - (i % 100)] ?? 0) * 100) / 100);
    expect(clippingFaults(summarise(held))).toEqual([]);
  });

  it('at a stated range edge, five samples held there are enough', () => {
    const edge = healthy.map((v, i) => (i >= 12_000 && i < 12_005 ? 60 : Math.min(v, 59)));
    const faults = clippingFaults(summarise(edge), { range: { low: -60, high: 60 } });
    expect(faults.map((f) => f.onsetWindow)).toEqual([12]);
  });
});
