import { at } from './at.ts';
import type { RowScorer, ScorerTrainer } from './detector.ts';
import { fitResidualDistance } from './residual-distance.ts';

/**
 * The linear baseline: each feature's temperature dependence is removed by the linear context
 * regression (preprocess.ts) and the residual vector is scored by its Mahalanobis distance
 * (residual-distance.ts).
 */
export const trainMahalanobis: ScorerTrainer = async (rows, preprocessor) => {
  const residual = (z: readonly number[], c: readonly number[]): number[] => {
    const expected = preprocessor.expected(c);
    return z.map((v, j) => v - at(expected, j));
  };
  const distance = fitResidualDistance(
    rows.features.map((z, r) => residual(z, at(rows.context, r))),
  );
  const scorer: RowScorer = { score: (z, c) => distance(residual(z, c)) };
  return scorer;
};
