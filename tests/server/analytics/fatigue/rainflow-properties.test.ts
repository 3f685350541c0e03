// Property tests (fast-check): the streaming four-point counter against a literal ASTM E1049
// §5.4.4 transcription, and the invariants issue 19 asks for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minerDamage } from '../../../../server/analytics/fatigue/miner.ts';
import {
  RainflowCounter,
  type RainflowState,
} from '../../../../server/analytics/fatigue/rainflow.ts';
import { countHistory, countResidue } from '../../../../server/analytics/fatigue/residue.ts';
import {
  addRange,
  createHistogram,
  mergeInto,
  toSparse,
  type RangeHistogram,
} from '../../../../server/analytics/fatigue/range-histogram.ts';
import { eurocodeCurve } from '../../../../server/analytics/fatigue/sn-curves.ts';
import { astmRainflow, peaksAndValleys } from './astm-reference.ts';

const RUNS = { numRuns: 300 };
// Quarter-MPa steps are exact in binary floating point, so offsets and differences are exact.
const quarterSteps = fc.array(fc.integer({ min: -800, max: 800 }), {
  minLength: 0,
  maxLength: 120,
});
const stressHistory = quarterSteps.map((steps) => steps.map((step) => step / 4));
const smallIntegers = fc.array(fc.integer({ min: -4, max: 4 }), { minLength: 0, maxLength: 60 });
const curve = eurocodeCurve(71);

function referenceHistogram(samples: readonly number[]): RangeHistogram {
  const histogram = createHistogram(0.5);
  for (const { range, cycles } of astmRainflow(samples)) addRange(histogram, range, cycles);
  return histogram;
}

function fullCycles(samples: readonly number[]): {
  histogram: RangeHistogram;
  residue: Float64Array;
} {
  const counter = new RainflowCounter({ binWidth: 0.5 });
  counter.push(samples);
  const residue = counter.endHistory();
  return { histogram: counter.histogram, residue };
}

describe('rainflow properties', () => {
  it('counts exactly what ASTM E1049 §5.4.4 counts (half-cycle residue), ties included', () => {
    for (const histories of [stressHistory, smallIntegers]) {
      fc.assert(
        fc.property(histories, (samples) => {
          expect(toSparse(countHistory(samples, { binWidth: 0.5 }))).toEqual(
            toSparse(referenceHistogram(samples)),
          );
        }),
        RUNS,
      );
    }
  });

  it('counts a history in chunks exactly as in one piece, gaps and restarts included', () => {
    const withGaps = fc.array(
      fc.oneof(
        fc.double({ min: -300, max: 300, noNaN: true }).map((x) => x + 0) /* JSON has no −0 */,
        fc.constant(NaN),
      ),
      {
        maxLength: 150,
      },
    );
    fc.assert(
      fc.property(
        withGaps,
        fc.array(fc.nat(150), { maxLength: 6 }),
        fc.boolean(),
        (samples, cuts, restart) => {
          const whole = new RainflowCounter();
          whole.push(Float64Array.from(samples));
          let chunked = new RainflowCounter();
          const counted = createHistogram();
          let from = 0;
          for (const cut of [...cuts].sort((a, b) => a - b).concat(samples.length)) {
            chunked.push(Float64Array.from(samples.slice(from, Math.max(from, cut))));
            from = Math.max(from, cut);
            if (restart) {
              // A worker that stops between chunks keeps the day's cycles and the JSON state only.
              mergeInto(counted, chunked.takeHistogram());
              chunked = RainflowCounter.fromState(
                JSON.parse(JSON.stringify(chunked.state())) as RainflowState,
              );
            }
          }
          expect(Array.from(chunked.residue())).toEqual(Array.from(whole.residue()));
          expect(toSparse(mergeInto(counted, chunked.histogram))).toEqual(
            toSparse(whole.histogram),
          );
          expect(Array.from(chunked.endHistory())).toEqual(Array.from(whole.endHistory()));
        },
      ),
      RUNS,
    );
  });

  it('is invariant to a constant offset', () => {
    fc.assert(
      fc.property(stressHistory, fc.integer({ min: -4000, max: 4000 }), (samples, quarters) => {
        const shifted = samples.map((x) => x + quarters / 4);
        for (const residue of ['half', 'repeat', 'open'] as const) {
          expect(toSparse(countHistory(shifted, { residue }))).toEqual(
            toSparse(countHistory(samples, { residue })),
          );
        }
      }),
      RUNS,
    );
  });

  it('split at a peak: the pieces miss only what their residues close together', () => {
    fc.assert(
      fc.property(stressHistory, fc.nat(), (samples, pick) => {
        const points = peaksAndValleys(samples);
        fc.pre(points.length >= 3);
        const at = 1 + (pick % (points.length - 2)); // an interior turning point
        const first = fullCycles(points.slice(0, at + 1));
        const second = fullCycles(points.slice(at));
        const whole = fullCycles(points);
        // The joined residues, counted on their own, give exactly the missing full cycles...
        const joined = fullCycles([...first.residue, ...second.residue.subarray(1)]);
        const pieces = mergeInto(
          mergeInto(createHistogram(0.5), first.histogram),
          second.histogram,
        );
        expect(toSparse(mergeInto(pieces, joined.histogram))).toEqual(toSparse(whole.histogram));
        // ...so the damage moves by at most that of the residues, counted with half cycles.
        const residueHalves = createHistogram(0.5);
        countResidue(
          Float64Array.from([...first.residue, ...second.residue.subarray(1)]),
          'half',
          residueHalves,
        );
        const missing =
          minerDamage(whole.histogram, curve) -
          minerDamage(first.histogram, curve) -
          minerDamage(second.histogram, curve);
        expect(missing).toBeGreaterThanOrEqual(-1e-12);
        expect(missing).toBeLessThanOrEqual(minerDamage(residueHalves, curve) * (1 + 1e-9) + 1e-15);
      }),
      RUNS,
    );
  });

  it('repeat mode gives the cycles one more repetition of a block adds', () => {
    const openCycles = (block: number[], times: number) => {
      const counter = new RainflowCounter({ binWidth: 0.5 });
      for (let i = 0; i < times; i += 1) counter.push(block);
      return counter.histogram.counts;
    };
    fc.assert(
      fc.property(stressHistory, (block) => {
        const twice = openCycles(block, 2);
        const thrice = openCycles(block, 3);
        const added = thrice.map((count, bin) => count - (twice[bin] ?? 0));
        expect(toSparse({ binWidth: 0.5, counts: added })).toEqual(
          toSparse(countHistory(block, { binWidth: 0.5, residue: 'repeat' })),
        );
      }),
      RUNS,
    );
  });
});
