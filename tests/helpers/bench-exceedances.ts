// The detector the beam benches compare feature sets with (decision 076 (d), (e)).
import { trainDetector } from '../../server/analytics/detector.ts';
import { trainMahalanobis } from '../../server/analytics/mahalanobis.ts';

/**
 * The product's Mahalanobis detector trained on `baseline` (its own calibration split, one
 * constant context), and per test set the number of rows scored above its threshold.
 */
export async function exceedances(
  baseline: number[][],
  tests: number[][][],
  { context, targetRate }: { context: number[]; targetRate: number },
): Promise<number[]> {
  const detector = await trainDetector(
    'mahalanobis',
    trainMahalanobis,
    { features: baseline, context: baseline.map(() => context) },
    { targetFalseAlarmRate: targetRate },
  );
  return tests.map(
    (rows) => rows.filter((row) => detector.score(row, context) > detector.threshold).length,
  );
}
