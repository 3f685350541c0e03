// Decision 081, amendment (c): the wider candidate forms (a quadratic term, a longer lag grid, a
// finer frost grid) and the one-standard-error rule, on small synthetic series.
import { describe, expect, it } from 'vitest';
import {
  chooseCompensation,
  designBuilder,
  WIDE_CANDIDATES,
  WIDE_CANDIDATES_1SE,
  type ModalCompensation,
} from '../../../server/analytics/compensation-model';
import { judgeRow } from '../../../server/analytics/extrapolation-margin';
import { createRng } from '../../../server/analytics/rng';

/** Two modes over 1,200 rows of a temperature swinging 0-24 °C; `law` the relative change. */
function series(law: (t: number) => number, seed: number) {
  const rng = createRng(seed);
  const context: number[][] = [];
  const features: number[][] = [];
  for (let i = 0; i < 1200; i += 1) {
    const t = 12 + 10 * Math.sin(i / 60) + rng.normal();
    context.push([t]);
    features.push([3, 7].map((f) => f * (1 + law(t)) * (1 + 0.002 * rng.normal())));
  }
  return { features, context };
}

const best = (candidates: { heldOutMeanSquare: number }[]) =>
  Math.min(...candidates.map((c) => c.heldOutMeanSquare));

describe('wider candidate forms of the temperature model (decision 081, amendment (c))', () => {
  it('fits a quadratic thermal law better on held-out blocks than the nine forms, and chooses the square', () => {
    const { features, context } = series((t) => -0.001 * t - 0.004 * ((t - 12) / 10) ** 2, 7);
    const nine = chooseCompensation(features, context);
    expect(nine.model.form.quadratic).toBeUndefined();
    for (const candidates of [WIDE_CANDIDATES, WIDE_CANDIDATES_1SE]) {
      const wide = chooseCompensation(features, context, candidates);
      expect(wide.model.form.quadratic).toBe(true);
      expect(wide.candidates).toHaveLength(40);
      // The chosen form's held-out error, against the best of the nine.
      const chosen = wide.candidates.find(
        (c) => JSON.stringify(c.form) === JSON.stringify(wide.model.form),
      );
      expect(chosen?.heldOutMeanSquare).toBeLessThan(0.8 * best(nine.candidates));
    }
  });

  it('keeps the simplest form under the one-standard-error rule when the law is linear', () => {
    const { features, context } = series((t) => -0.0015 * t, 8);
    const simple = chooseCompensation(features, context, WIDE_CANDIDATES_1SE);
    expect(simple.model.form).toEqual({ lagRows: 0, hingesC: [], quadratic: false });
  });

  it('builds the square before the hinges, on the lagged temperature', () => {
    const build = designBuilder({ lagRows: 2, hingesC: [0], quadratic: true });
    expect(build([10]).design).toEqual([1, 10, 10, 1, 0]);
    // Lagged: 10 + (−10 − 10) / 2 = 0.
    expect(build([-10]).design).toEqual([1, -10, 0, 0, 0]);
  });

  it('never extrapolates a form with a square, whatever the margin', () => {
    const model: ModalCompensation = {
      form: { lagRows: 0, hingesC: [], quadratic: true },
      beta: [[4, -0.005, -0.001]],
      low: [0],
      high: [20],
    };
    const margin = { warmC: 8, coldC: 2 };
    expect(judgeRow(model, [10], [1, 10, 1], margin)).toBe('inside');
    expect(judgeRow(model, [21], [1, 21, 4.41], margin)).toBe('outside');
    expect(judgeRow({ ...model, form: { lagRows: 0, hingesC: [] } }, [21], [1, 21], margin)).toBe(
      'extrapolated',
    );
  });
});
