import { describe, expect, it } from 'vitest';
import { prepareRecord } from '../../../../server/analytics/modal/output-correlations';
import {
  recordSpectra,
  spectralSupport,
  summedSpectrum,
} from '../../../../server/analytics/modal/spectral-support';
import { simulateAccelerations, type ModalStructure } from '../../../../server/sim/modal-response';

const STRUCTURE: ModalStructure = {
  frequenciesHz: [2.5, 7.2],
  dampingRatios: [0.012, 0.02],
  shapes: [
    [0.5, 1, 0.7],
    [1, -0.4, -0.9],
  ],
};

const preparedChannels = (samples: number) =>
  prepareRecord(simulateAccelerations(STRUCTURE, { rateHz: 50, samples, noise: 0.02, seed: 7 }))
    .channels;

describe('the spectral check reusing the FDD cross-spectra', () => {
  it('gives the summed Welch spectrum to the last digit where the segment lengths agree', () => {
    // 10 minutes at 50 Hz: both segment lengths are 2,048.
    const channels = preparedChannels(30_000);
    const { summed, cross } = recordSpectra(channels, 50);
    expect(cross?.segmentLength).toBe(2048);
    const welch = summedSpectrum(channels, 50);
    expect(summed.step).toBe(welch.step);
    expect(Array.from(summed.trace)).toEqual(Array.from(welch.trace));
    expect(spectralSupport(summed, [2.5, 7.2])).toEqual(spectralSupport(welch, [2.5, 7.2]));
  });

  it('falls back to Welch alone where they differ (one hour: 4,096 against 8,192)', () => {
    const channels = preparedChannels(180_000);
    const { summed, cross } = recordSpectra(channels, 50);
    expect(cross).toBeUndefined();
    expect(Array.from(summed.trace)).toEqual(Array.from(summedSpectrum(channels, 50).trace));
    const [first] = spectralSupport(summed, [2.5]);
    expect(first?.prominence).toBeGreaterThan(3);
  });
});
