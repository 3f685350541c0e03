import { createRng } from '../analytics/rng.ts';
import type { BeamModel } from './beam-model.ts';

export interface BeamLoadOptions {
  spanM: number;
  rateHz: number;
  samples: number;
  seed: number;
  /** Mean vehicles per minute crossing at 15-25 m/s. */
  vehiclesPerMinute: number;
  /** Standard deviation of the turbulent wind load per metre, relative to a mean vehicle. */
  windShare: number;
}

/** Wind load points: element midpoints for a 20-element beam. */
const WIND_POINTS = 20;
/** Road roughness: the axle force fluctuates by this share of its weight (white at the samples). */
const ROUGHNESS_SHARE = 0.1;

/**
 * Modal forces of traffic and wind on a beam (mode × sample, unit modal mass): each vehicle is a
 * moving point load P·(1 + roughness) at x = v·(t − t₀), projected on each mode's shape at its
 * position; wind is an independent white-noise load at points along the span. Traffic alone
 * would excite the first modes mostly (the crossing is slow); the wind fills the spectrum.
 */
export function trafficAndWindForces(beam: BeamModel, options: BeamLoadOptions): Float64Array[] {
  const { spanM, rateHz, samples } = options;
  const rng = createRng(options.seed);
  const modes = beam.frequenciesHz.length;
  const forces = Array.from({ length: modes }, () => new Float64Array(samples));
  const dt = 1 / rateHz;
  // Vehicles: Poisson arrivals over the record and a little before it (those already on).
  const rate = options.vehiclesPerMinute / 60;
  let arrival = -spanM / 15;
  while (arrival < samples * dt) {
    arrival += -Math.log(Math.max(rng.next(), 1e-12)) / rate;
    const speed = 15 + 10 * rng.next();
    const weight = 0.5 + rng.next();
    const first = Math.max(0, Math.ceil(arrival / dt));
    const last = Math.min(samples - 1, Math.floor((arrival + spanM / speed) / dt));
    for (let t = first; t <= last; t += 1) {
      const x = speed * (t * dt - arrival);
      const load = weight * (1 + ROUGHNESS_SHARE * rng.normal());
      for (let m = 0; m < modes; m += 1) {
        const f = forces[m] as Float64Array;
        f[t] = (f[t] as number) + load * beam.shapeAt(m, x);
      }
    }
  }
  const points = Array.from({ length: WIND_POINTS }, (_, j) => ((j + 0.5) * spanM) / WIND_POINTS);
  const shapes = Array.from({ length: modes }, (_, m) => points.map((x) => beam.shapeAt(m, x)));
  const sigma = options.windShare * (spanM / WIND_POINTS);
  for (let t = 0; t < samples; t += 1) {
    for (const [j] of points.entries()) {
      const load = sigma * rng.normal();
      for (let m = 0; m < modes; m += 1) {
        const f = forces[m] as Float64Array;
        f[t] = (f[t] as number) + load * (shapes[m]?.[j] ?? 0);
      }
    }
  }
  return forces;
}
