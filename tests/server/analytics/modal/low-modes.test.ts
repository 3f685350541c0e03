import { describe, expect, it } from 'vitest';
import { identifyModes } from '../../../../server/analytics/modal/identify-modes';
import { simulateAccelerations, type ModalStructure } from '../../../../server/sim/modal-response';

// A long-span deck: a 0.05 Hz fundamental, four channels.
const LONG_SPAN: ModalStructure = {
  frequenciesHz: [0.05, 0.13, 0.22],
  dampingRatios: [0.01, 0.01, 0.012],
  shapes: [
    [0.5, 0.9, 1, 0.6],
    [1, 0.4, -0.5, -0.9],
    [0.8, -0.7, -0.3, 1],
  ],
};

function record(seconds: number, seed: number): Float64Array[] {
  return simulateAccelerations(LONG_SPAN, { rateHz: 10, samples: 10 * seconds, noise: 0.02, seed });
}

describe('modes below 0.3 Hz', () => {
  it('decimates for --fmin and identifies a 0.05 Hz fundamental from one hour', () => {
    const result = identifyModes(record(3600, 7), { rateHz: 10, fminHz: 0.04, fmaxHz: 1 });
    expect(result.decimation).toBe(4);
    expect(result.analysedRateHz).toBe(2.5);
    const fundamental = result.modes[0];
    expect(fundamental?.frequency_hz).toBeCloseTo(0.05, 3);
    expect(Math.abs((fundamental?.frequency_hz ?? 0) / 0.05 - 1)).toBeLessThan(0.005);
    expect(result.modes).toHaveLength(3);
    result.modes.forEach((mode, m) => {
      expect(Math.abs(mode.frequency_hz / (LONG_SPAN.frequenciesHz[m] ?? 0) - 1)).toBeLessThan(
        0.01,
      );
    });
    for (const mode of result.modes) {
      expect(mode.frequency_std_hz).toBeGreaterThan(0);
      expect(mode.damping_std).toBeGreaterThan(0);
      expect(mode.frequency_std_hz).toBeLessThan(0.01 * mode.frequency_hz);
    }
  });

  it('does not report a 0.05 Hz mode from 10 minutes: 30 cycles cannot support it', () => {
    const result = identifyModes(record(600, 8), { rateHz: 10, fminHz: 0.04, fmaxHz: 1 });
    expect(result.modes.some((m) => m.frequency_hz < 0.1)).toBe(false);
  });
});
