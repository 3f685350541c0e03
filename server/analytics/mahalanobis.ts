import type { ScorerTrainer } from './detector-types.ts';
import { fitResidualCovariance } from './residual-distance.ts';
import { restoreScorer } from './scorer-models.ts';

/**
 * The linear baseline: each feature's temperature dependence is removed by the linear context
 * regression (preprocess.ts) and the residual vector is scored by its Mahalanobis distance
 * (residual-distance.ts).
 */
export const trainMahalanobis: ScorerTrainer = async (rows, preprocessor) => {
  const residuals = rows.features.map((z, r) => {
    const expected = preprocessor.expected(rows.context[r] ?? []);
    return z.map((v, j) => v - (expected[j] ?? 0));
  });
  return restoreScorer(
    { kind: 'mahalanobis', covariance: fitResidualCovariance(residuals) },
    preprocessor,
  );
};
