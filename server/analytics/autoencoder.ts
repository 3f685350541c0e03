import { at } from './at.ts';
import type { ScorerTrainer, TrainOptions } from './detector-types.ts';
import { fitResidualCovariance } from './residual-distance.ts';
import {
  autoencoderResiduals,
  linearResidual as linearResidualOf,
  restoreScorer,
  type DenseLayerModel,
} from './scorer-models.ts';
import { fitContextChain, glorotUniformLayer } from './dense-network-training.ts';

/**
 * Conditional autoencoder: the encoder sees the features and the environmental context and
 * squeezes them into a bottleneck of about an eighth of the feature count; the decoder rebuilds
 * the features from that code and the context again. Because the context goes straight to the
 * decoder, the network learns how temperature moves the healthy features (including the
 * non-linear stiffening of a frozen deck) and spends the narrow code on what temperature does not
 * explain and the features share (traffic, a common drift). A damage that moves one mode against
 * the others does not fit that code, so it shows as reconstruction error.
 *
 * The network works on the residuals of the linear context regression (preprocess.ts) and learns
 * the non-linear rest: below the coldest baseline temperature tanh units saturate, so the model
 * falls back on the linear trend instead of extrapolating wildly. A missing feature enters as its
 * expected value (exactly what the blanked features of the denoising copy look like in training)
 * and adds no error itself. The error is the Mahalanobis distance of the reconstruction residuals
 * under their healthy covariance (residual-distance.ts).
 *
 * Training is plain TypeScript (dense-network-training.ts: seeded glorot-uniform layers, Adam as
 * TensorFlow.js applies it, a fixed seeded row order; decision 061), and the trained layers are
 * stored as plain JSON that the scorer's forward pass reads (dense-network.ts, scorer-models.ts).
 */
export interface AutoencoderShape {
  hidden: number;
  code: number;
}

export function autoencoderShape(features: number, context: number): AutoencoderShape {
  return {
    hidden: Math.min(32, Math.max(8, 2 * (features + context))),
    code: Math.max(1, Math.round(features / 8)),
  };
}

/** Enough passes for about 8000 optimiser steps, within 30..300 epochs. */
function defaultEpochs(rows: number, batchSize: number): number {
  return Math.min(300, Math.max(30, Math.ceil(8000 / Math.ceil(rows / batchSize))));
}

const MASK_PROBABILITY = 0.15;

function maskedCopy(rows: readonly number[][], seed: number): number[][] {
  let state = (seed ^ 0x5bd1e995) >>> 0 || 1;
  const uniform = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  return rows.map((row) => row.map((v) => (uniform() < MASK_PROBABILITY ? 0 : v)));
}

function seededOrder(n: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  let state = seed >>> 0 || 1;
  for (let i = n - 1; i > 0; i -= 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % (i + 1);
    [order[i], order[j]] = [at(order, j), at(order, i)];
  }
  return order;
}

export const trainAutoencoder: ScorerTrainer = async (
  rows,
  preprocessor,
  options: TrainOptions,
) => {
  const seed = options.seed ?? 42;
  const d = preprocessor.featureCount;
  const m = preprocessor.contextCount;
  const shape = autoencoderShape(d, m);
  // Residuals from the linear context trend; a missing feature starts at its expected value.
  const linearResidual = (z: readonly number[], c: readonly number[]): number[] =>
    linearResidualOf(preprocessor, z, c);
  const order = seededOrder(rows.features.length, seed);
  const targets = order.map((r) => linearResidual(at(rows.features, r), at(rows.context, r)));
  // Denoising: a second copy with features randomly blanked teaches the network to rebuild each
  // feature from the others (what makes one mode's shift stand out, and what lets it cope with a
  // sensor that drops out).
  const masked = maskedCopy(targets, seed);
  const inputs = [...targets, ...masked];
  const outputs = [...targets, ...targets];
  const contexts = [...order, ...order].map((r) => [...at(rows.context, r)]);
  const contextSize = Math.max(1, m);
  const layers = [
    glorotUniformLayer(d + contextSize, shape.hidden, 'tanh', seed + 1),
    glorotUniformLayer(shape.hidden, shape.code, 'linear', seed + 2),
    glorotUniformLayer(shape.code + contextSize, shape.hidden, 'tanh', seed + 3),
    glorotUniformLayer(shape.hidden, d, 'linear', seed + 4),
  ];
  const batchSize = inputs.length > 2000 ? 256 : 64;
  const epochs = options.epochs ?? defaultEpochs(inputs.length, batchSize);
  await fitContextChain(
    { layers, joinsContext: [true, false, true, false], contextSize },
    {
      features: Float64Array.from(inputs.flat()),
      // Without context columns the network still has one context input, always 0.
      context: m > 0 ? Float64Array.from(contexts.flat()) : new Float64Array(inputs.length),
      targets: Float64Array.from(outputs.flat()),
      width: d,
    },
    {
      epochs,
      batchSize,
      learningRate: 0.005,
      onEpoch: (done) => options.onProgress?.(done / epochs),
    },
  );
  // Beyond the baseline's context range (a cold snap colder than any baseline day) the learned
  // non-linear part is held at the edge of that range; the linear trend carries on.
  const network = {
    layers: layers.map((layer): DenseLayerModel => ({
      ...layer,
      kernel: [...layer.kernel],
      bias: [...layer.bias],
    })),
    contextLow: Array.from({ length: m }, (_, k) => Math.min(...contexts.map((c) => at(c, k)))),
    contextHigh: Array.from({ length: m }, (_, k) => Math.max(...contexts.map((c) => at(c, k)))),
  };
  const residualsOf = autoencoderResiduals(network, preprocessor);
  // The reconstruction error is measured in the metric of the healthy reconstruction residuals.
  const covariance = fitResidualCovariance(
    order.map((r) => residualsOf(at(rows.features, r), at(rows.context, r))),
  );
  return restoreScorer({ kind: 'autoencoder', ...network, covariance }, preprocessor);
};
