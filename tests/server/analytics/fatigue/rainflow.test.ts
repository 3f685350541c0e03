import { describe, expect, it } from 'vitest';
import { RainflowCounter } from '../../../../server/analytics/fatigue/rainflow.ts';
import { countHistory } from '../../../../server/analytics/fatigue/residue.ts';
import { toSparse, totalCycles } from '../../../../server/analytics/fatigue/range-histogram.ts';
import { astmRainflow } from './astm-reference.ts';

// ASTM E1049-85 §5.4.4, Fig. 6: the example history of peaks and valleys A…I.
const ASTM_EXAMPLE = [-2, 1, -3, 5, -1, 3, -4, 4, -2];

/** { range: cycles } of a histogram with bin width 1 (integer ranges). */
function byRange(samples: readonly number[], residue: 'half' | 'repeat' | 'open' = 'half') {
  return Object.fromEntries(toSparse(countHistory(samples, { binWidth: 1, residue })).bins);
}

describe('rainflow counting, ASTM E1049-85 example (Fig. 6)', () => {
  it('gives the standard’s counts: 3 (0.5), 4 (1.5), 6 (0.5), 8 (1.0), 9 (0.5)', () => {
    expect(byRange(ASTM_EXAMPLE)).toEqual({ 3: 0.5, 4: 1.5, 6: 0.5, 8: 1, 9: 0.5 });
  });

  it('splits them into full and half cycles as the standard does', () => {
    // §5.4.4 on the example: half 3 (A-B) and half 4 (B-C) from the starting-point rule, one
    // full cycle 4 (E-F), half 8 (C-D), then the residue D-G 9, G-H 8, H-I 6 as half cycles.
    expect(astmRainflow(ASTM_EXAMPLE)).toEqual([
      { range: 3, mean: -0.5, cycles: 0.5 },
      { range: 4, mean: -1, cycles: 0.5 },
      { range: 4, mean: 1, cycles: 1 },
      { range: 8, mean: 1, cycles: 0.5 },
      { range: 9, mean: 0.5, cycles: 0.5 },
      { range: 8, mean: 0, cycles: 0.5 },
      { range: 6, mean: 1, cycles: 0.5 },
    ]);
    // The four-point counter closes the one full cycle (E-F) and keeps the rest as its residue.
    const counter = new RainflowCounter({ binWidth: 1 });
    counter.push(ASTM_EXAMPLE);
    expect(toSparse(counter.histogram).bins).toEqual([[4, 1]]);
    expect(Array.from(counter.residue())).toEqual([-2, 1, -3, 5, -4, 4, -2]);
  });

  it('closes the residue of a repeating history as §5.4.5 counts it', () => {
    // §5.4.5 by hand: start at the largest peak D (5): 5 −1 3 −4 4 −2 | 1 −3 5 (−2, −2 merge) gives
    // full cycles 4 (−1, 3), 3 (−2, 1), 7 (4, −3) and 9 (5, −4): four cycles per repetition.
    expect(byRange(ASTM_EXAMPLE, 'repeat')).toEqual({ 3: 1, 4: 1, 7: 1, 9: 1 });
  });

  it('leaves the residue uncounted when asked to (streaming over days)', () => {
    expect(byRange(ASTM_EXAMPLE, 'open')).toEqual({ 4: 1 });
  });

  it('reduces to peaks and valleys first: runs and plateaus add nothing', () => {
    const dense = [-2, -1, 0, 1, 1, 0, -3, -3, 0, 2, 5, 2, -1, 3, 0, -4, 4, 4, 1, -2];
    expect(byRange(dense)).toEqual(byRange(ASTM_EXAMPLE));
  });
});

describe('rainflow counting, constant amplitude', () => {
  const amplitude = 50;
  const periodSamples = 40;
  const periods = 25;

  it('counts a cosine from peak to peak as exactly its number of cycles of range 2A', () => {
    const samples = Array.from(
      { length: periods * periodSamples + 1 },
      (_, i) => amplitude * Math.cos((2 * Math.PI * i) / periodSamples),
    );
    const histogram = countHistory(samples, { binWidth: 0.5 });
    expect(totalCycles(histogram)).toBe(periods);
    expect(toSparse(histogram).bins).toEqual([[200, periods]]);
  });

  it.each([0.3, 1.1, 2.5])(
    'counts whole periods of a sine at phase %s as a repeating block',
    (phase) => {
      const samples = Array.from(
        { length: periods * periodSamples },
        (_, i) => amplitude * Math.sin((2 * Math.PI * i) / periodSamples + phase),
      );
      const histogram = countHistory(samples, { binWidth: 0.5, residue: 'repeat' });
      expect(totalCycles(histogram)).toBe(periods);
      // Sampled peaks fall short of A by at most 1 − cos(π/40) ≈ 0.3 %.
      for (const [bin] of toSparse(histogram).bins) expect(bin * 0.5).toBeGreaterThan(99.5);
    },
  );
});

describe('rainflow counter, streaming', () => {
  it('keeps the full cycles of each day apart and sums them to the whole', () => {
    const counter = new RainflowCounter({ binWidth: 1 });
    counter.push([0, 10, 2, 8]);
    const first = counter.takeHistogram();
    counter.push([4, 6, 1, 12, 5]);
    const second = counter.takeHistogram();
    expect(toSparse(first).bins).toEqual([]);
    expect(toSparse(second).bins).toEqual([
      [2, 1],
      [6, 1],
      [9, 1],
    ]);
    expect(totalCycles(counter.histogram)).toBe(0);
    expect(Array.from(counter.residue())).toEqual([0, 12, 5]);
  });

  it('resumes from its JSON state as if it had never stopped', () => {
    const whole = new RainflowCounter({ binWidth: 1 });
    whole.push([0, 10, 2, 8, 4, 6, 1, 12, -3]);
    const before = new RainflowCounter({ binWidth: 1 });
    before.push([0, 10, 2, 8, 4]);
    const after = RainflowCounter.fromState(JSON.parse(JSON.stringify(before.state())), {
      binWidth: 1,
    });
    after.push([6, 1, 12, -3]);
    expect(Array.from(after.residue())).toEqual(Array.from(whole.residue()));
    const both = before.takeHistogram();
    after.histogram.counts.forEach((count, bin) => {
      both.counts[bin] = (both.counts[bin] ?? 0) + count;
    });
    expect(toSparse(both)).toEqual(toSparse(whole.histogram));
  });

  it('skips gaps (NaN) and converts units with its scale', () => {
    const strain = [NaN, 0, 100, NaN, 20, 80, NaN, -50];
    const histogram = countHistory(strain, { binWidth: 0.5, scale: 0.2, residue: 'half' });
    // Peaks and valleys 0, 100, 20, 80, −50 µε; ×0.2 MPa/µε: one cycle 12 MPa, halves 20 and 30.
    expect(toSparse(histogram).bins).toEqual([
      [24, 1],
      [40, 0.5],
      [60, 0.5],
    ]);
  });

  it('takes reversals under the gate for noise, when a gate is set', () => {
    const samples = [0, 10, 9.5, 10.2, 0];
    expect(toSparse(countHistory(samples, { binWidth: 0.1 })).bins).toEqual([
      [5, 1],
      [102, 1],
    ]);
    expect(toSparse(countHistory(samples, { binWidth: 0.1, gate: 1 })).bins).toEqual([[102, 1]]);
  });

  it('rejects a scale or gate that is not a positive number', () => {
    expect(() => new RainflowCounter({ scale: 0 })).toThrow(/scale/);
    expect(() => new RainflowCounter({ gate: -1 })).toThrow(/gate/);
  });
});
