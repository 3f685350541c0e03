// The cycle list of countRainflowCycles against the literal ASTM E1049 §5.4.4 transcription in
// astm-reference.ts: same cycles, same means, same order, gap by gap.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countRainflowCycles,
  type RainflowCycle,
} from '../../../../server/analytics/fatigue/astm-cycles.ts';
import { astmRainflow } from './astm-reference.ts';

// ASTM E1049-85 §5.4.4, Fig. 6.
const ASTM_EXAMPLE = [-2, 1, -3, 5, -1, 3, -4, 4, -2];

/** The reference applied to each gap-free stretch (NaN ends one), its lists joined in order. */
function referenceCycles(samples: readonly number[]): RainflowCycle[] {
  const cycles: RainflowCycle[] = [];
  let stretch: number[] = [];
  for (const x of [...samples, NaN]) {
    if (Number.isFinite(x)) {
      stretch.push(x);
      continue;
    }
    for (const { range, mean, cycles: count } of astmRainflow(stretch)) {
      cycles.push([range, mean, count as 1 | 0.5]);
    }
    stretch = [];
  }
  return cycles;
}

const gap = fc.constant(NaN);
// Small integers: many ties, plateaus and repeated values; quarter steps: exact differences;
// doubles: anything a logger writes. Lengths from empty to long, short ones frequent.
const sample = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -4, max: 4 }) },
  { weight: 3, arbitrary: fc.integer({ min: -800, max: 800 }).map((q) => q / 4) },
  { weight: 2, arbitrary: fc.double({ min: -1e3, max: 1e3, noNaN: true }).map((x) => x + 0) },
  { weight: 1, arbitrary: gap },
);
const histories = fc.oneof(
  fc.array(sample, { maxLength: 6 }),
  fc.array(sample, { maxLength: 200 }),
  fc.array(fc.integer({ min: -2, max: 2 }), { maxLength: 40 }),
);

describe('ASTM E1049 rainflow cycles, gap-aware', () => {
  it('lists the standard’s example as §5.4.4 counts it, with means', () => {
    expect(countRainflowCycles(ASTM_EXAMPLE).cycles).toEqual([
      [3, -0.5, 0.5],
      [4, -1, 0.5],
      [4, 1, 1],
      [8, 1, 0.5],
      [9, 0.5, 0.5],
      [8, 0, 0.5],
      [6, 1, 0.5],
    ]);
  });

  it('gives the literal procedure’s cycles, in its order, on 1,000 random histories', () => {
    fc.assert(
      fc.property(histories, (samples) => {
        expect(countRainflowCycles(samples).cycles).toEqual(referenceCycles(samples));
      }),
      { numRuns: 1000 },
    );
  });

  it('counts two halves where ties meet the starting point, as the standard does', () => {
    expect(countRainflowCycles([0, 1, 0, 1, 0]).cycles).toEqual([
      [1, 0.5, 0.5],
      [1, 0.5, 0.5],
      [1, 0.5, 0.5],
      [1, 0.5, 0.5],
    ]);
  });

  it('never joins a cycle across a gap: each side’s residue is half cycles', () => {
    // Joined, 0 → 10 → 0 → 10 would close a full cycle; cut after the first 0 it cannot.
    const result = countRainflowCycles([0, 10, 0, NaN, 10, 0, 10]);
    expect(result.cycles).toEqual([
      [10, 5, 0.5],
      [10, 5, 0.5],
      [10, 5, 0.5],
      [10, 5, 0.5],
    ]);
    expect(result).toMatchObject({ samplesUsed: 6, segments: 2 });
  });

  it('treats missing values, infinities and excluded samples as gaps, never as zeros', () => {
    const withHoles = countRainflowCycles([5, null, 7, undefined, Infinity, 6]);
    expect(withHoles.cycles).toEqual([]);
    expect(withHoles).toMatchObject({ samplesUsed: 3, segments: 3 });
    const excluded = countRainflowCycles([0, 4, 100, 4, 0], {
      excluded: [false, false, true, false, false],
    });
    expect(excluded.cycles).toEqual([
      [4, 2, 0.5],
      [4, 2, 0.5],
    ]);
  });

  it('reads past gap runs no longer than bridgeSamples, and cuts at longer ones', () => {
    const bridged = countRainflowCycles([0, 10, NaN, 0, 10, 0], { bridgeSamples: 1 });
    expect(bridged.cycles).toEqual(countRainflowCycles([0, 10, 0, 10, 0]).cycles);
    expect(bridged).toMatchObject({ samplesUsed: 5, segments: 1 });
    const cut = countRainflowCycles([0, 10, NaN, NaN, 0, 10, 0], { bridgeSamples: 1 });
    expect(cut.segments).toBe(2);
    expect(() => countRainflowCycles([], { bridgeSamples: -1 })).toThrow(/bridgeSamples/);
  });

  it('counts an empty or one-sample history as no cycles', () => {
    expect(countRainflowCycles([])).toEqual({ cycles: [], samplesUsed: 0, segments: 0 });
    expect(countRainflowCycles([3, 3, 3])).toEqual({ cycles: [], samplesUsed: 3, segments: 1 });
  });
});
