import { describe, expect, it } from 'vitest';
import { driftFaults } from '../../../../server/analytics/sensor-validation/drift.ts';
import { gainFaults } from '../../../../server/analytics/sensor-validation/gain-change.ts';
import { defaultValidation } from '../../../../server/analytics/sensor-validation/thresholds.ts';
import { injectSimFault, SIM_WINDOW_MS, simulateStream } from '../../../bench/sensor-window-sim.ts';

const DAY = 144;
const settings = defaultValidation(SIM_WINDOW_MS, 'µε');
const stream = simulateStream({ seed: 11, days: 12 });
const onset = 9 * DAY + 50;

describe('drift against a temperature model', () => {
  it('finds 2 µε per hour within a day, with an onset no later than the true one', () => {
    const drifting = injectSimFault(stream.windows, 'drift', onset, 2);
    const [fault, ...rest] = driftFaults(drifting, settings.drift, stream.reference);
    expect(rest).toEqual([]);
    expect(fault?.kind).toBe('drift');
    expect(fault?.detectedWindow).toBeGreaterThanOrEqual(onset);
    expect(fault?.detectedWindow).toBeLessThan(onset + DAY);
    expect(fault?.onsetWindow).toBeLessThanOrEqual(onset);
    expect(fault?.reason).toMatch(
      /^drifting up by [\d.]+ µε per hour over 24 h against its reference$/,
    );
  });

  it('finds nothing on the healthy stream, with or without its reference', () => {
    expect(driftFaults(stream.windows, settings.drift, stream.reference)).toEqual([]);
    expect(driftFaults(stream.windows, settings.drift)).toEqual([]);
  });

  it('is not judged without a reference when no own-history rule is given', () => {
    const drifting = injectSimFault(stream.windows, 'drift', 2 * DAY, 20);
    expect(driftFaults(drifting, { minSlopePerHour: 1 })).toEqual([]);
  });
});

describe('gain change against a twin', () => {
  it('finds a 10 % gain change within a day', () => {
    const changed = injectSimFault(stream.windows, 'gain', onset, 1.1);
    const [fault, ...rest] = gainFaults(changed, settings.gain, stream.reference);
    expect(rest).toEqual([]);
    expect(fault?.detectedWindow).toBeGreaterThanOrEqual(onset);
    expect(fault?.detectedWindow).toBeLessThan(onset + DAY);
    expect(fault?.onsetWindow).toBeLessThanOrEqual(onset);
    expect(fault?.reason).toMatch(/^response grew by \d+ % against its twin$/);
  });

  it('finds a shrinking response too, and nothing on the healthy stream', () => {
    const changed = injectSimFault(stream.windows, 'gain', onset, 0.9);
    expect(gainFaults(changed, settings.gain, stream.reference).map((f) => f.kind)).toEqual([
      'gain',
    ]);
    expect(gainFaults(stream.windows, settings.gain, stream.reference)).toEqual([]);
  });

  it('is not judged without a twin: traffic moves a day of response more than 10 %', () => {
    const changed = injectSimFault(stream.windows, 'gain', onset, 1.5);
    expect(gainFaults(changed, settings.gain)).toEqual([]);
  });
});
