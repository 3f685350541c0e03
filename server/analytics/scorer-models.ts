import { at } from './at.ts';
import { denseForward, type DenseWeights } from './dense-network.ts';
import type { Preprocessor } from './preprocess.ts';
import { residualMetric } from './residual-distance.ts';

/** A model's error for one standardised row; both methods implement it. */
export interface RowScorer {
  score(scaledFeatures: readonly number[], scaledContext: readonly number[]): number;
  /** Each feature's part of the score (they add up to it). */
  contributions(scaledFeatures: readonly number[], scaledContext: readonly number[]): number[];
  model: ScorerModel;
}

/**
 * The trained part of each method as plain JSON: what a worker stores after training and any
 * other worker restores to score without retraining.
 */
export interface DenseLayerModel {
  kernel: number[];
  bias: number[];
  inputs: number;
  outputs: number;
  activation: 'tanh' | 'linear';
}

export interface AutoencoderNetwork {
  /** Encoder hidden, code, decoder hidden, output. */
  layers: DenseLayerModel[];
  /** The training context range; the non-linear part is held at its edge beyond it. */
  contextLow: number[];
  contextHigh: number[];
}

export interface AutoencoderModel extends AutoencoderNetwork {
  kind: 'autoencoder';
  /** Covariance of the healthy reconstruction residuals. */
  covariance: number[][];
}

export interface MahalanobisModel {
  kind: 'mahalanobis';
  covariance: number[][];
}

export type ScorerModel = AutoencoderModel | MahalanobisModel;

const toWeights = (layer: DenseLayerModel): DenseWeights => ({
  ...layer,
  kernel: Float64Array.from(layer.kernel),
  bias: Float64Array.from(layer.bias),
});

/** Residuals of the linear context trend; a missing feature enters as its expected value (0). */
export function linearResidual(
  preprocessor: Preprocessor,
  z: readonly number[],
  context: readonly number[],
): number[] {
  const expected = preprocessor.expected(context);
  return z.map((v, j) => (Number.isFinite(v) ? v - at(expected, j) : 0));
}

/** The autoencoder's reconstruction residuals of a standardised row (NaN where unobserved). */
export function autoencoderResiduals(
  network: AutoencoderNetwork,
  preprocessor: Preprocessor,
): (z: readonly number[], context: readonly number[]) => number[] {
  const [encodeHidden, encodeCode, decodeHidden, decodeOut] = network.layers.map(toWeights);
  if (!encodeHidden || !encodeCode || !decodeHidden || !decodeOut)
    throw new RangeError('an autoencoder model needs four dense layers');
  const { contextLow: low, contextHigh: high } = network;
  const clamp = (context: readonly number[]): number[] =>
    context.map((v, k) => Math.min(at(high, k), Math.max(at(low, k), v)));
  const reconstruct = (z: readonly number[], ctx0: readonly number[]): number[] => {
    const ctx = ctx0.length > 0 ? ctx0 : [0];
    const code = denseForward(encodeCode, denseForward(encodeHidden, [...z, ...ctx]));
    return denseForward(decodeOut, denseForward(decodeHidden, [...code, ...ctx]));
  };
  return (z, context) => {
    const input = linearResidual(preprocessor, z, context);
    const rebuilt = reconstruct(input, clamp(context));
    return z.map((v, j) => (Number.isFinite(v) ? at(input, j) - at(rebuilt, j) : Number.NaN));
  };
}

function linearResiduals(preprocessor: Preprocessor) {
  return (z: readonly number[], c: readonly number[]): number[] => {
    const expected = preprocessor.expected(c);
    return z.map((v, j) => v - at(expected, j));
  };
}

/** A row scorer from its stored model, identical to the one trained. */
export function restoreScorer(model: ScorerModel, preprocessor: Preprocessor): RowScorer {
  const residuals =
    model.kind === 'autoencoder'
      ? autoencoderResiduals(model, preprocessor)
      : linearResiduals(preprocessor);
  const metric = residualMetric(model.covariance);
  return {
    model,
    score: (z, c) => metric.distance(residuals(z, c)),
    contributions: (z, c) => metric.contributions(residuals(z, c)),
  };
}
