import { createRng } from '../../../../server/analytics/rng.ts';

/** 100 Hz samples of a quasi-static gauge: a slow swing of ±5 plus noise of σ 0.3, seeded. */
export function rawSignal(count: number, seed = 7): number[] {
  const rng = createRng(seed);
  return Array.from({ length: count }, (_, i) => 50 + 5 * Math.sin(i / 700) + 0.3 * rng.normal());
}
