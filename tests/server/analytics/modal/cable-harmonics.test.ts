import { describe, expect, it } from 'vitest';
import {
  estimateCableTension,
  findHarmonics,
} from '../../../../server/analytics/modal/cable-harmonics.ts';
import { STAY, stayModel } from '../../../helpers/cable-stay.ts';
import { simulateAccelerations } from '../../../../server/sim/modal-response.ts';

const CABLE = STAY;

/** 10 minutes at 25 Hz of an accelerometer at 0.13 L on a clamped 40-element stay. */
function stayRecord(tensionN: number, seed: number, modes = 6): Float64Array {
  const stay = stayModel(tensionN, modes);
  const [record] = simulateAccelerations(stay, { rateHz: 25, samples: 15_000, noise: 0.02, seed });
  if (!record) throw new Error('no channel');
  return record;
}

describe('cable tension from one accelerometer spectrum', () => {
  it('finds the first five harmonics of a 3 MN stay and its tension within 3 %', () => {
    for (const seed of [11, 12, 13]) {
      const result = estimateCableTension(stayRecord(3e6, seed), 25, CABLE);
      if (result.kind !== 'estimated') throw new Error(result.reason);
      expect(result.harmonics.map((h) => h.order)).toEqual([1, 2, 3, 4, 5]);
      expect(Math.abs(result.tensionN / 3e6 - 1)).toBeLessThan(0.03);
      expect(result.uncertaintyN).toBeGreaterThan(0);
      expect(result.uncertaintyN).toBeLessThan(0.03 * 3e6);
    }
  });

  it('tells a 2 % lower tension apart', () => {
    const before = estimateCableTension(stayRecord(3e6, 21), 25, CABLE);
    const after = estimateCableTension(stayRecord(2.94e6, 22), 25, CABLE);
    if (before.kind !== 'estimated' || after.kind !== 'estimated') throw new Error('refused');
    expect(after.tensionN / before.tensionN - 1).toBeCloseTo(-0.02, 2);
  });

  // The demo's minute at 20 Hz: this one shows no peak at f₁ (an accelerometer weighs each
  // harmonic by its frequency squared). Before the half-a-peak candidates, its second harmonic
  // was taken as f₁ and the tension came out 4.3 times too high.
  it('finds the fundamental of a minute whose spectrum has no peak at it', () => {
    const [window] = simulateAccelerations(stayModel(3e6), {
      rateHz: 20,
      samples: 12_000,
      noise: 0.02,
      seed: 600,
    });
    const minute = (window ?? new Float64Array()).subarray(10_800);
    const found = findHarmonics(minute, 20);
    expect(found.harmonics[0]?.order).toBe(2);
    expect(found.fundamentalHz).toBeCloseTo(1.16, 1);
    const result = estimateCableTension(minute, 20, CABLE);
    if (result.kind !== 'estimated') throw new Error(result.reason);
    expect(Math.abs(result.tensionN / 3e6 - 1)).toBeLessThan(0.05);
  });

  // Decision 079 (a): the bench's seed 710. Half of the 1.149 Hz peak followed the seen peaks as
  // orders 2, 4, 6, 8 (each odd order "the one missed") and four leakage peaks above them as 9-12,
  // so it was taken for f₁ and the tension came out a quarter less the bending correction (-85 %).
  it('does not halve f₁ when the half explains the seen peaks as even orders', () => {
    const result = estimateCableTension(stayRecord(3e6, 710), 25, CABLE);
    if (result.kind !== 'estimated') throw new Error(result.reason);
    expect(result.harmonics.map((h) => h.order)).toEqual([1, 2, 3, 4, 5]);
    expect(Math.abs(result.tensionN / 3e6 - 1)).toBeLessThan(0.03);
  });

  it('refuses with fewer than three harmonics, and says how many it found', () => {
    const result = estimateCableTension(stayRecord(3e6, 31, 2), 25, CABLE);
    expect(result.kind).toBe('refused');
    if (result.kind === 'refused') {
      expect(result.reason).toMatch(/^2 harmonics of 1\.1\d\d Hz found; at least 3 are needed/);
    }
  });

  it('takes the fundamental, not its second harmonic, when a deck peak sits between', () => {
    const stay = stayRecord(3e6, 41);
    // A deck mode at 1.7 Hz, off the series, as strong as the cable.
    const mixed = stay.map((v, i) => v + 0.5 * Math.sin(2 * Math.PI * 1.7 * (i / 25) + 0.3));
    const { harmonics } = findHarmonics(mixed, 25);
    expect(harmonics[0]?.frequencyHz).toBeCloseTo(1.12, 1);
    expect(harmonics.length).toBe(5);
  });
});
