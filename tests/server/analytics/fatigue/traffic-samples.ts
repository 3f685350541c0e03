// Simulated gauge records for the counting tests: the traffic generator's trucks on a 40 m span
// (server/sim/traffic-strain.ts), with the thermal part given; same seed, same trucks and noise.
import {
  countRainflowCycles,
  type CycleCountOptions,
} from '../../../../server/analytics/fatigue/astm-cycles.ts';
import {
  cycleListDamage,
  equivalentRangeAt2M,
} from '../../../../server/analytics/fatigue/miner.ts';
import { eurocodeCurve } from '../../../../server/analytics/fatigue/sn-curves.ts';
import { mpaPerMicrostrain } from '../../../../server/analytics/fatigue/stress.ts';
import { TrafficStrainGenerator } from '../../../../server/sim/traffic-strain.ts';

export const DAY_MS = 86_400_000;

export function gaugeRecord(options: {
  rateHz: number;
  from: number;
  hours: number;
  thermal: (t: number) => number;
}): Float64Array {
  const generator = new TrafficStrainGenerator(
    { seed: 3, rateHz: options.rateHz, thermal: options.thermal },
    options.from,
  );
  const samples = new Float64Array(Math.round(options.rateHz * 3600 * options.hours));
  generator.fill(samples);
  return samples;
}

const curve = eurocodeCurve(71);
const scale = mpaPerMicrostrain(200);

/** Miner damage on EC3 71 at 200 GPa and Δσ_E,2 (MPa) of a record in microstrain. */
export function damageOf(
  samples: ArrayLike<number>,
  options: CycleCountOptions = {},
): { damage: number; equivalentRange: number } {
  const damage = cycleListDamage(countRainflowCycles(samples, options).cycles, curve, scale);
  return { damage, equivalentRange: equivalentRangeAt2M(damage, curve) };
}
