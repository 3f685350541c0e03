import { describe, expect, it } from 'vitest';
import { damageOf, gaugeRecord } from './traffic-samples.ts';

/** Deterministic uniform numbers in [0, 1) (a linear congruential generator). */
function uniform(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('spikes flagged as faulty and counted as gaps', () => {
  // Two busy hours at 100 Hz; 0.1 % of the samples become spikes of 10× the record's range.
  const clean = gaugeRecord({
    rateHz: 100,
    from: Date.UTC(2026, 3, 1, 11),
    hours: 2,
    thermal: () => 0,
  });
  const range =
    clean.reduce((max, x) => Math.max(max, x), -Infinity) -
    clean.reduce((min, x) => Math.min(min, x), Infinity);
  const spiked = Float64Array.from(clean);
  const flagged = new Array<boolean>(clean.length).fill(false);
  const draw = uniform(30);
  for (let i = 0; i < clean.length; i += 1) {
    if (draw() < 0.001) {
      spiked[i] = (clean[i] as number) + (draw() < 0.5 ? -10 : 10) * range;
      flagged[i] = true;
    }
  }
  const cleanDamage = damageOf(clean).damage;

  it('changes damage by under 1 % once the flagged samples are read past', () => {
    expect(flagged.filter(Boolean).length).toBeGreaterThan(500);
    // Counted as they are, the spikes dominate everything.
    expect(damageOf(spiked).damage / cleanDamage).toBeGreaterThan(1000);
    const skipped = damageOf(spiked, { excluded: flagged, bridgeSamples: 2 }).damage;
    expect(Math.abs(skipped / cleanDamage - 1)).toBeLessThan(0.01);
  });

  it('loses the cycles a gap cuts when every flagged sample ends the history', () => {
    // What bridgeSamples is for: each cut turns the truck crossing it falls in into half cycles.
    const cut = damageOf(spiked, { excluded: flagged }).damage;
    expect(cut / cleanDamage - 1).toBeLessThan(-0.05);
  });
});
