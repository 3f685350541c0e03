import { describe, expect, it } from 'vitest';
import { efdd } from '../../../../server/analytics/modal/efdd';
import { fddCrossCheck } from '../../../../server/analytics/modal/fdd-cross-check';
import { fddSpectrum } from '../../../../server/analytics/modal/fdd';
import { simulateAccelerations, type ModalStructure } from '../../../../server/sim/modal-response';

const STRUCTURE: ModalStructure = {
  frequenciesHz: [2.5, 7.2],
  dampingRatios: [0.012, 0.02],
  shapes: [
    [0.5, 1, 0.7],
    [1, -0.4, -0.9],
  ],
};

// 10 minutes at 50 Hz: 30,000 samples, 2 % noise.
const record = simulateAccelerations(STRUCTURE, {
  rateHz: 50,
  samples: 30_000,
  noise: 0.02,
  seed: 5,
});

describe('frequency-domain decomposition', () => {
  it('gives the mode shape as the first singular vector at the peak', () => {
    const spectrum = fddSpectrum(record, 50);
    const peak = Math.round(7.2 / spectrum.step);
    const vector = [0, 1, 2].map((c) => spectrum.vectorRe[peak * 3 + c] ?? 0);
    const imag = [0, 1, 2].map((c) => spectrum.vectorIm[peak * 3 + c] ?? 0);
    // Up to a complex factor: compare magnitudes scaled to the largest.
    const magnitude = vector.map((re, c) => Math.hypot(re, imag[c] ?? 0));
    const largest = Math.max(...magnitude);
    expect(magnitude.map((m) => m / largest)).toEqual([
      expect.closeTo(1, 1),
      expect.closeTo(0.4, 1),
      expect.closeTo(0.9, 1),
    ]);
  });

  it('EFDD finds each mode within 1 % in frequency and 0.5 points in damping', () => {
    const spectrum = fddSpectrum(record, 50);
    STRUCTURE.frequenciesHz.forEach((f, m) => {
      const estimate = efdd(
        spectrum,
        f * 1.003,
        STRUCTURE.frequenciesHz.filter((other) => other !== f),
      );
      if (estimate.frequency_hz === null) throw new Error(estimate.reason);
      expect(Math.abs(estimate.frequency_hz / f - 1)).toBeLessThan(0.01);
      expect(Math.abs(estimate.damping_ratio - (STRUCTURE.dampingRatios[m] ?? 0))).toBeLessThan(
        0.005,
      );
    });
  });

  it('gives no estimate where the spectrum has no peak, and says why', () => {
    const [check] = fddCrossCheck(record, 50, [15]);
    expect(check?.fdd_frequency_hz).toBeNull();
    expect(check?.fdd_note).toMatch(/no spectral peak|bell/);
  });

  it('reports the disagreement of an SSI frequency with EFDD', () => {
    const [check] = fddCrossCheck(record, 50, [2.52]);
    expect(check?.fdd_difference).toBeCloseTo(2.52 / (check?.fdd_frequency_hz ?? 1) - 1, 12);
    expect(Math.abs(check?.fdd_difference ?? 1)).toBeLessThan(0.02);
  });
});
