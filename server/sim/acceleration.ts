// How an accelerometer sees the modes, shared by the continuous and the burst generators so both
// give the same signal level: ambient excitation (wind, ground) plus traffic drives the modes,
// and each mode shows up weighted by its shape sin(kπx) at the sensor position.

/** Standard deviation of the white-noise drive at traffic level 0..1. */
export function ambientDrive(traffic: number): number {
  return Math.sqrt(0.15 + traffic);
}

/** Weight of mode k (zero-based) in an accelerometer at `position` (0..1) along the span. */
export function modeWeight(k: number, position: number): number {
  return (0.02 / (k + 1)) * Math.sin((k + 1) * Math.PI * position);
}
