import { efdd } from './efdd.ts';
import { fddSpectrum, type CrossSpectra } from './fdd.ts';

/** The EFDD figures beside one SSI mode. */
export interface FddCheck {
  /** EFDD natural frequency, null when the spectrum gives no estimate (see fdd_note). */
  fdd_frequency_hz: number | null;
  fdd_damping_ratio: number | null;
  /** (f_SSI − f_EFDD)/f_EFDD: the disagreement of the two methods. */
  fdd_difference: number | null;
  /** The spectrum's bin spacing: EFDD cannot check a frequency much closer than this. */
  fdd_bin_hz: number;
  fdd_note?: string;
}

/**
 * An independent cross-check of the SSI modes: the EFDD estimate near each SSI frequency, the
 * neighbouring SSI modes bounding each bell. A different estimator (non-parametric, from the
 * spectra rather than a fitted state-space model) that agrees is evidence the mode is the
 * record's, not the model order's. `cross`: the record's cross-spectral sums, if already formed
 * at fddSegmentLength.
 */
export function fddCrossCheck(
  channels: readonly ArrayLike<number>[],
  rateHz: number,
  frequenciesHz: readonly number[],
  cross?: CrossSpectra,
): FddCheck[] {
  if (frequenciesHz.length === 0) return [];
  const spectrum = fddSpectrum(channels, rateHz, cross);
  return frequenciesHz.map((f) => {
    const estimate = efdd(
      spectrum,
      f,
      frequenciesHz.filter((other) => other !== f),
    );
    if (estimate.frequency_hz === null) {
      return {
        fdd_frequency_hz: null,
        fdd_damping_ratio: null,
        fdd_difference: null,
        fdd_bin_hz: spectrum.step,
        fdd_note: estimate.reason,
      };
    }
    return {
      fdd_frequency_hz: estimate.frequency_hz,
      fdd_damping_ratio: estimate.damping_ratio,
      fdd_difference: (f - estimate.frequency_hz) / estimate.frequency_hz,
      fdd_bin_hz: spectrum.step,
    };
  });
}
