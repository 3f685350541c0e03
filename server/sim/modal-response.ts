import { symmetricEigen } from '../analytics/symmetric-eigen.ts';
import { createRng } from '../analytics/rng.ts';
import { loggerGain } from './logger-filter.ts';

/** A structure given by its modes: frequencies, damping ratios and shapes (mode × channel). */
export interface ModalStructure {
  frequenciesHz: number[];
  dampingRatios: number[];
  shapes: number[][];
}

export interface ResponseOptions {
  rateHz: number;
  samples: number;
  /** Measurement noise standard deviation as a share of each channel's RMS, e.g. 0.02. */
  noise: number;
  seed: number;
  /** Modal forces (mode × sample) of a physical load; white noise per mode when left out. */
  modalForces?: readonly Float64Array[];
}

/**
 * Modes of a shear frame (storey masses 1, storey stiffnesses `stiffness`, bottom storey first,
 * fixed base) with the given modal damping ratios; shapes scaled to largest magnitude 1.
 */
export function shearFrame(
  stiffness: readonly number[],
  dampingRatios: readonly number[],
): ModalStructure {
  const n = stiffness.length;
  const k = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  stiffness.forEach((kj, j) => {
    // Storey j joins floor j − 1 (the ground for j = 0) to floor j.
    const row = k[j] ?? [];
    row[j] = (row[j] ?? 0) + kj;
    if (j > 0) {
      const below = k[j - 1] ?? [];
      below[j - 1] = (below[j - 1] ?? 0) + kj;
      below[j] = (below[j] ?? 0) - kj;
      row[j - 1] = (row[j - 1] ?? 0) - kj;
    }
  });
  const { values, vectors } = symmetricEigen(k);
  const order = values.map((_, i) => i).sort((a, b) => (values[a] ?? 0) - (values[b] ?? 0));
  return {
    frequenciesHz: order.map((i) => Math.sqrt(values[i] ?? 0) / (2 * Math.PI)),
    dampingRatios: order.map((_, m) => dampingRatios[m] ?? 0.01),
    shapes: order.map((i) => {
      const shape = vectors[i] ?? [];
      let largest = 0;
      for (const value of shape) if (Math.abs(value) > Math.abs(largest)) largest = value;
      return shape.map((value) => value / largest);
    }),
  };
}

/**
 * Accelerations of a linear structure under modal forces (white noise unless given), by modal
 * superposition:
 * each mode is a single-degree-of-freedom oscillator discretised exactly for a force held over
 * each sample (zero-order hold: the closed-form matrix exponential of the 2×2 state matrix), so
 * there is no integration error at any sampling rate. Each mode passes the logger's anti-alias
 * filter (`loggerGain`: a mode below 0.4 of the rate exactly as computed, one above half the rate
 * removed, its forces still drawn so the other modes' draws stay the same), then measurement
 * noise is added per channel, scaled to the filtered channel's RMS.
 */
export function simulateAccelerations(
  structure: ModalStructure,
  options: ResponseOptions,
): Float64Array[] {
  const { rateHz, samples, noise, seed } = options;
  const rng = createRng(seed);
  const channels = structure.shapes[0]?.length ?? 0;
  const out = Array.from({ length: channels }, () => new Float64Array(samples));
  const dt = 1 / rateHz;
  structure.frequenciesHz.forEach((f, m) => {
    const omega = 2 * Math.PI * f;
    const zeta = structure.dampingRatios[m] ?? 0.01;
    const omegaD = omega * Math.sqrt(1 - zeta * zeta);
    const decay = Math.exp(-zeta * omega * dt);
    const cos = Math.cos(omegaD * dt);
    const sin = Math.sin(omegaD * dt);
    const a00 = decay * (cos + ((zeta * omega) / omegaD) * sin);
    const a01 = (decay * sin) / omegaD;
    const a10 = (-decay * omega * omega * sin) / omegaD;
    const a11 = decay * (cos - ((zeta * omega) / omegaD) * sin);
    // B = A_c⁻¹(A_d − I)·[0, 1]ᵀ.
    const b0 = (-2 * zeta * omega * a01 - (a11 - 1)) / (omega * omega);
    const b1 = a01;
    const gain = loggerGain(f, rateHz);
    const shape = (structure.shapes[m] ?? []).map((value) => value * gain);
    let q = 0;
    let v = 0;
    for (let t = 0; t < samples; t += 1) {
      const force = options.modalForces ? (options.modalForces[m]?.[t] ?? 0) : rng.normal();
      const acceleration = force - 2 * zeta * omega * v - omega * omega * q;
      for (let c = 0; c < channels; c += 1) {
        const channel = out[c] ?? new Float64Array(0);
        channel[t] = (channel[t] ?? 0) + (shape[c] ?? 0) * acceleration;
      }
      const nextQ = a00 * q + a01 * v + b0 * force;
      v = a10 * q + a11 * v + b1 * force;
      q = nextQ;
    }
  });
  for (const channel of out) {
    let power = 0;
    for (const value of channel) power += value * value;
    const sigma = noise * Math.sqrt(power / samples);
    for (let t = 0; t < samples; t += 1) channel[t] = (channel[t] ?? 0) + sigma * rng.normal();
  }
  return out;
}
