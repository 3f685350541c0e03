import { at } from './at.ts';
import { ridgeRegression } from './linear-algebra.ts';

/**
 * Standardisation fitted on the baseline, plus a linear regression of every feature on the
 * environmental context. Both detectors use it; the regression also gives the autoencoder an
 * input for a missing feature (its expected value at that temperature) while the error itself is
 * computed on observed features only.
 */
export interface Preprocessor {
  featureCount: number;
  contextCount: number;
  /** Standardised features, NaN kept. */
  scaleFeatures(features: readonly number[]): number[];
  /** Standardised context (missing context must be filled causally by the caller). */
  scaleContext(context: readonly number[]): number[];
  /** Expected standardised features given standardised context (linear). */
  expected(scaledContext: readonly number[]): number[];
  /** Everything fitted, as plain JSON, so a stored model scores without refitting. */
  params: PreprocessorParams;
}

export interface PreprocessorParams {
  featureScales: ColumnScale[];
  contextScales: ColumnScale[];
  /** Per feature: intercept, then one coefficient per standardised context value. */
  coefficients: number[][];
}

interface ColumnScale {
  mean: number;
  std: number;
}

function columnScales(rows: readonly (readonly number[])[], width: number): ColumnScale[] {
  return Array.from({ length: width }, (_, j) => {
    let count = 0;
    let sum = 0;
    let sumSquares = 0;
    for (const row of rows) {
      const v = at(row, j);
      if (!Number.isFinite(v)) continue;
      count += 1;
      sum += v;
      sumSquares += v * v;
    }
    if (count === 0) return { mean: 0, std: 1 };
    const mean = sum / count;
    const std = Math.sqrt(Math.max(0, sumSquares / count - mean * mean));
    return { mean, std: std > 1e-12 ? std : 1 };
  });
}

const scale = (values: readonly number[], scales: readonly ColumnScale[]): number[] =>
  scales.map((s, j) => (at(values, j) - s.mean) / s.std);

export function fitPreprocessor(
  features: readonly (readonly number[])[],
  context: readonly (readonly number[])[],
): Preprocessor {
  const featureCount = features[0]?.length ?? 0;
  const contextCount = context[0]?.length ?? 0;
  const featureScales = columnScales(features, featureCount);
  const contextScales = columnScales(context, contextCount);
  const design = context.map((c) => [1, ...scale(c, contextScales)]);
  const scaled = features.map((f) => scale(f, featureScales));
  const coefficients = Array.from({ length: featureCount }, (_, j) =>
    ridgeRegression(
      design,
      scaled.map((row) => at(row, j)),
    ),
  );
  return restorePreprocessor({ featureScales, contextScales, coefficients });
}

/** The preprocessor of a stored model, identical to the one fitted. */
export function restorePreprocessor(params: PreprocessorParams): Preprocessor {
  const { featureScales, contextScales, coefficients } = params;
  return {
    featureCount: featureScales.length,
    contextCount: contextScales.length,
    scaleFeatures: (f) => scale(f, featureScales),
    scaleContext: (c) => scale(c, contextScales),
    expected: (c) =>
      coefficients.map((beta) =>
        beta.reduce((sum, b, i) => sum + b * (i === 0 ? 1 : at(c, i - 1)), 0),
      ),
    params,
  };
}
