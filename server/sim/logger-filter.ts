// A data logger's anti-alias filter, as the simulator applies it (decision 076 (f)). A real
// logger samples far faster than its output rate and low-passes before it decimates, so nothing
// above half the output rate folds back into the record. The usual sigma-delta decimation
// filter: flat to 0.4 of the rate, at least 80 dB down from half the rate, linear phase.
//
// The simulator synthesises accelerations by modal superposition, and each mode is narrowband
// (half-power bandwidth 2ζf), so the filter is applied per mode as an amplitude gain at the
// mode's frequency. Its phase is left out: a linear-phase filter, the same on every channel,
// only delays the whole record, which changes no frequency, damping ratio or mode shape.

/** Where the stopband starts, as a share of the rate (the Nyquist frequency). */
const STOPBAND_SHARE = 0.5;
/** Where the passband ends, as a share of the rate. */
export const LOGGER_PASSBAND_SHARE = 0.4;
/** The gain at the stopband's edge: −80 dB. */
const STOPBAND_GAIN = 1e-4;

/**
 * The logger filter's magnitude at `frequencyHz` for a record sampled at `rateHz`: exactly 1 up
 * to 0.4 of the rate, a raised-cosine fall to 10⁻⁴ (−80 dB) at half the rate, 0 beyond.
 */
export function loggerGain(frequencyHz: number, rateHz: number): number {
  const f = Math.abs(frequencyHz);
  const passband = LOGGER_PASSBAND_SHARE * rateHz;
  const stopband = STOPBAND_SHARE * rateHz;
  if (f <= passband) return 1;
  if (f >= stopband) return 0;
  const fall = 0.5 * (1 + Math.cos((Math.PI * (f - passband)) / (stopband - passband)));
  return STOPBAND_GAIN + (1 - STOPBAND_GAIN) * fall;
}
