import type { DenseWeights } from './dense-network.ts';

/**
 * A chain of dense layers in which chosen layers also see the row's context: the layer's input is
 * the previous layer's output (the features for the first layer) followed by the context. The
 * conditional autoencoder is such a chain (the encoder and the decoder both take the context).
 * Kernels are row-major [inputs × outputs], as TensorFlow.js stored them and the scorer reads them.
 */
export interface ContextChain {
  layers: DenseWeights[];
  joinsContext: readonly boolean[];
  contextSize: number;
}

/** Rows laid out flat, row after row: features and targets `width` wide, context `contextSize`. */
export interface ChainRows {
  features: Float64Array;
  context: Float64Array;
  targets: Float64Array;
  width: number;
}

/** The loss's gradient with respect to every kernel and bias, in the chain's layer order. */
export interface ChainGradients {
  kernels: Float64Array[];
  biases: Float64Array[];
}

export interface GradientWorkspace extends ChainGradients {
  inputs: Float64Array[];
  outputs: Float64Array[];
  /** The loss's derivative with respect to each layer's output, then its pre-activation. */
  deltas: Float64Array[];
}

/** Buffers for one chain, reused for every batch; throws if the layers do not fit together. */
export function gradientWorkspace(chain: ContextChain, width: number): GradientWorkspace {
  let previous = width;
  chain.layers.forEach((layer, l) => {
    const expected = previous + (chain.joinsContext[l] ? chain.contextSize : 0);
    if (layer.inputs !== expected)
      throw new RangeError(`layer ${l} takes ${layer.inputs} inputs, the chain gives ${expected}`);
    previous = layer.outputs;
  });
  if (previous !== width)
    throw new RangeError(`the chain ends in ${previous} outputs, not ${width}`);
  const sized = (size: (layer: DenseWeights) => number) =>
    chain.layers.map((layer) => new Float64Array(size(layer)));
  return {
    kernels: sized((layer) => layer.kernel.length),
    biases: sized((layer) => layer.outputs),
    inputs: sized((layer) => layer.inputs),
    outputs: sized((layer) => layer.outputs),
    deltas: sized((layer) => layer.outputs),
  };
}

/**
 * Mean squared error of rows [from, to) and its gradients (left in the workspace), averaged as
 * TensorFlow.js's meanSquaredError loss is: over the outputs of a row, then over the batch.
 */
export function batchGradients(
  chain: ContextChain,
  rows: ChainRows,
  from: number,
  to: number,
  work: GradientWorkspace,
): number {
  const { layers, joinsContext, contextSize } = chain;
  const { width } = rows;
  const last = layers.length - 1;
  const scale = 1 / (width * (to - from));
  for (const g of work.kernels) g.fill(0);
  for (const g of work.biases) g.fill(0);
  let loss = 0;
  // Hot loops: every index below is in bounds by the sizes gradientWorkspace checked, so the
  // `?? 0` never applies; it satisfies noUncheckedIndexedAccess without a call per multiply.
  for (let row = from; row < to; row += 1) {
    for (let l = 0; l <= last; l += 1) {
      const layer = layers[l] as DenseWeights;
      const input = work.inputs[l] as Float64Array;
      const output = work.outputs[l] as Float64Array;
      // Copied by hand: a subarray per row and layer would be an allocation each.
      const source = l === 0 ? rows.features : (work.outputs[l - 1] as Float64Array);
      const previous = l === 0 ? width : (layers[l - 1] as DenseWeights).outputs;
      copy(input, 0, source, l === 0 ? row * width : 0, previous);
      if (joinsContext[l]) copy(input, previous, rows.context, row * contextSize, contextSize);
      forwardLayer(layer, input, output);
    }
    const output = work.outputs[last] as Float64Array;
    const delta = work.deltas[last] as Float64Array;
    for (let o = 0; o < width; o += 1) {
      const error = (output[o] ?? 0) - (rows.targets[row * width + o] ?? 0);
      loss += error * error * scale;
      delta[o] = 2 * error * scale;
    }
    for (let l = last; l >= 0; l -= 1) {
      const below = l > 0 ? (work.deltas[l - 1] as Float64Array) : null;
      backwardLayer(layers[l] as DenseWeights, work, l, below);
    }
  }
  return loss;
}

function copy(
  target: Float64Array,
  at: number,
  source: Float64Array,
  from: number,
  count: number,
): void {
  for (let k = 0; k < count; k += 1) target[at + k] = source[from + k] ?? 0;
}

function forwardLayer(layer: DenseWeights, input: Float64Array, output: Float64Array): void {
  const { kernel, bias, inputs, outputs } = layer;
  output.set(bias);
  for (let i = 0; i < inputs; i += 1) {
    const x = input[i] ?? 0;
    const offset = i * outputs;
    for (let o = 0; o < outputs; o += 1)
      output[o] = (output[o] ?? 0) + x * (kernel[offset + o] ?? 0);
  }
  if (layer.activation === 'tanh')
    for (let o = 0; o < outputs; o += 1) output[o] = Math.tanh(output[o] ?? 0);
}

/**
 * Adds one row's kernel and bias gradients of layer `l` and, when a layer lies below, writes the
 * loss's derivative with respect to that layer's output (the context part of the input has none).
 */
function backwardLayer(
  layer: DenseWeights,
  work: GradientWorkspace,
  l: number,
  below: Float64Array | null,
): void {
  const { kernel, inputs, outputs } = layer;
  const input = work.inputs[l] as Float64Array;
  const output = work.outputs[l] as Float64Array;
  const delta = work.deltas[l] as Float64Array;
  const kernelGradient = work.kernels[l] as Float64Array;
  const biasGradient = work.biases[l] as Float64Array;
  if (layer.activation === 'tanh')
    for (let o = 0; o < outputs; o += 1) {
      const y = output[o] ?? 0;
      delta[o] = (delta[o] ?? 0) * (1 - y * y);
    }
  for (let o = 0; o < outputs; o += 1) biasGradient[o] = (biasGradient[o] ?? 0) + (delta[o] ?? 0);
  // The first layer passes nothing down, and the context part of an input has no layer below.
  for (let i = 0; i < inputs; i += 1) {
    const x = input[i] ?? 0;
    const offset = i * outputs;
    if (below !== null && i < below.length) {
      let back = 0;
      for (let o = 0; o < outputs; o += 1) {
        const d = delta[o] ?? 0;
        kernelGradient[offset + o] = (kernelGradient[offset + o] ?? 0) + x * d;
        back += (kernel[offset + o] ?? 0) * d;
      }
      below[i] = back;
    } else
      for (let o = 0; o < outputs; o += 1)
        kernelGradient[offset + o] = (kernelGradient[offset + o] ?? 0) + x * (delta[o] ?? 0);
  }
}
