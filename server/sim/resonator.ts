// One vibration mode as a discrete second-order resonator driven by white noise (a damped
// single-degree-of-freedom oscillator sampled at fs): poles at r·e^{±iθ}, θ = 2πf/fs,
// r = e^{-ζ·2πf/fs}. The output is scaled to unit stationary variance so mode amplitudes are
// set explicitly. The generators step y[n] = a1·y[n-1] + a2·y[n-2] + e[n], output y[n]·gain,
// inline on typed arrays, in this order (no call or object a mode a sample in the hot loop).
export interface ResonatorState {
  y1: number;
  y2: number;
}

export interface ResonatorCoefficients {
  a1: number;
  a2: number;
  gain: number;
}

export function resonatorCoefficients(
  frequencyHz: number,
  damping: number,
  rateHz: number,
): ResonatorCoefficients {
  const theta = (2 * Math.PI * frequencyHz) / rateHz;
  const r = Math.exp(-damping * theta);
  const a1 = 2 * r * Math.cos(theta);
  const a2 = -r * r;
  // Stationary variance of y[n] = a1·y[n-1] + a2·y[n-2] + e[n] with unit-variance e.
  const r2 = r * r;
  const variance = (1 + r2) / ((1 - r2) * ((1 + r2) ** 2 - a1 * a1));
  return { a1, a2, gain: 1 / Math.sqrt(variance) };
}
