import { createAdam, TFJS_ADAM } from './adam-optimizer.ts';
import type { DenseWeights } from './dense-network.ts';
import {
  batchGradients,
  gradientWorkspace,
  type ChainRows,
  type ContextChain,
} from './dense-network-gradients.ts';
import { createRng } from './rng.ts';

/**
 * Glorot-uniform kernel (uniform in ±√(6 / (inputs + outputs)), as tf.initializers.glorotUniform)
 * and zero bias, from our own seeded generator: the same seed gives the same layer, though not
 * TensorFlow.js's numbers.
 */
export function glorotUniformLayer(
  inputs: number,
  outputs: number,
  activation: DenseWeights['activation'],
  seed: number,
): DenseWeights {
  const rng = createRng(seed);
  const limit = Math.sqrt(6 / (inputs + outputs));
  const kernel = new Float64Array(inputs * outputs);
  for (let i = 0; i < kernel.length; i += 1) kernel[i] = (2 * rng.next() - 1) * limit;
  return { kernel, bias: new Float64Array(outputs), inputs, outputs, activation };
}

export interface ChainFitOptions {
  epochs: number;
  batchSize: number;
  learningRate: number;
  /** Called after each epoch with the number of epochs done. */
  onEpoch?: (done: number) => void;
}

/** Lets the event loop run what waits: the progress written after each epoch, a stop request. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Fits the chain's weights in place by Adam on the mean squared error, as model.fit with
 * shuffle off did: each epoch walks the rows in their given order in batches of `batchSize`
 * (the last one shorter), one optimiser step a batch. Returns the last epoch's loss (its batches'
 * losses weighted by their rows, as fit reports it). It yields after every epoch, as fit did:
 * without that the epochs' progress reached the database only once training had ended.
 */
export async function fitContextChain(
  chain: ContextChain,
  rows: ChainRows,
  options: ChainFitOptions,
): Promise<number> {
  const count = rows.features.length / rows.width;
  const work = gradientWorkspace(chain, rows.width, Math.min(count, options.batchSize));
  const parameters = chain.layers.flatMap((layer) => [layer.kernel, layer.bias]);
  const gradients = chain.layers.flatMap((_, l) => [
    work.kernels[l] as Float64Array,
    work.biases[l] as Float64Array,
  ]);
  const adam = createAdam(
    parameters.map((p) => p.length),
    { ...TFJS_ADAM, learningRate: options.learningRate },
  );
  let epochLoss = Number.NaN;
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    let lossSum = 0;
    for (let from = 0; from < count; from += options.batchSize) {
      const to = Math.min(count, from + options.batchSize);
      lossSum += batchGradients(chain, rows, from, to, work) * (to - from);
      adam.step(parameters, gradients);
    }
    epochLoss = lossSum / count;
    options.onEpoch?.(epoch + 1);
    await nextTurn();
  }
  return epochLoss;
}
