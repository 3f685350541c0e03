import { describe, expect, it } from 'vitest';
import { fitLine, interceptStandardError } from '../../../server/analytics/line-fit.ts';

describe('fitLine', () => {
  it('recovers an exact line', () => {
    const fit = fitLine([
      [1, 5],
      [2, 7],
      [4, 11],
    ]);
    expect(fit.slope).toBeCloseTo(2, 12);
    expect(fit.intercept).toBeCloseTo(3, 12);
    expect(fit.residualSumOfSquares).toBeCloseTo(0, 12);
    expect(interceptStandardError(fit)).toBeCloseTo(0, 6);
  });

  it('reports a flat line through the mean when every x is the same', () => {
    const fit = fitLine([
      [1, 4],
      [1, 6],
    ]);
    expect(fit.slope).toBe(0);
    expect(fit.intercept).toBe(5);
  });

  it('gives the textbook intercept standard error', () => {
    // y = 1 + x with residuals +0.1, −0.2, +0.1 at x = 0, 1, 2: s² = 0.06, se(a) = √(s²(1/3 + 1/2)).
    const fit = fitLine([
      [0, 1.1],
      [1, 1.8],
      [2, 3.1],
    ]);
    expect(fit.slope).toBeCloseTo(1, 12);
    expect(fit.intercept).toBeCloseTo(1, 12);
    expect(interceptStandardError(fit)).toBeCloseTo(Math.sqrt(0.06 * (1 / 3 + 1 / 2)), 12);
  });

  it('stays exact far from the origin', () => {
    const fit = fitLine([
      [1e9, 2],
      [1e9 + 1, 4],
      [1e9 + 2, 6],
    ]);
    expect(fit.slope).toBeCloseTo(2, 9);
  });

  it('answers zeros for no points', () => {
    expect(fitLine([])).toMatchObject({ slope: 0, intercept: 0, count: 0 });
  });
});
