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
  /** How many rows a batch may have, rounded up to whole blocks. */
  rows: number;
  /** Each layer's inputs, outputs and loss derivatives for every row of the batch, row after row. */
  inputs: Float64Array[];
  outputs: Float64Array[];
  /** The loss's derivative with respect to each layer's output, then its pre-activation. */
  deltas: Float64Array[];
}

/**
 * Rows go through a layer four at a time, so each kernel entry read serves four rows: about 1.6
 * times the throughput of one row at a time here. A batch is padded to whole blocks with rows of
 * zero input and zero loss derivative, which add exactly nothing to the gradients.
 */
const BLOCK = 4;

/** Buffers for one chain and batches of up to `batchRows`; throws if the layers do not fit. */
export function gradientWorkspace(
  chain: ContextChain,
  width: number,
  batchRows: number,
): GradientWorkspace {
  let previous = width;
  chain.layers.forEach((layer, l) => {
    const expected = previous + (chain.joinsContext[l] ? chain.contextSize : 0);
    if (layer.inputs !== expected)
      throw new RangeError(`layer ${l} takes ${layer.inputs} inputs, the chain gives ${expected}`);
    previous = layer.outputs;
  });
  if (previous !== width)
    throw new RangeError(`the chain ends in ${previous} outputs, not ${width}`);
  const rows = Math.ceil(batchRows / BLOCK) * BLOCK;
  const sized = (size: (layer: DenseWeights) => number) =>
    chain.layers.map((layer) => new Float64Array(size(layer)));
  return {
    rows,
    kernels: sized((layer) => layer.kernel.length),
    biases: sized((layer) => layer.outputs),
    inputs: sized((layer) => rows * layer.inputs),
    outputs: sized((layer) => rows * layer.outputs),
    deltas: sized((layer) => rows * layer.outputs),
  };
}

/**
 * Mean squared error of rows [from, to) and its gradients (left in the workspace), averaged as
 * TensorFlow.js's meanSquaredError loss is: over the outputs of a row, then over the batch.
 * Each gradient entry adds up the rows in their order, whatever the blocking.
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
  const count = to - from;
  if (count > work.rows) throw new RangeError(`a batch of ${count} rows, room for ${work.rows}`);
  const padded = Math.ceil(count / BLOCK) * BLOCK;
  const last = layers.length - 1;
  const scale = 1 / (width * count);
  for (const g of work.kernels) g.fill(0);
  for (const g of work.biases) g.fill(0);
  // Hot loops: every index below is in bounds by the sizes gradientWorkspace checked, so the
  // `?? 0` never applies; it satisfies noUncheckedIndexedAccess without a call per multiply.
  layers.forEach((layer, l) => {
    const input = work.inputs[l] as Float64Array;
    const previous = l === 0 ? width : (layers[l - 1] as DenseWeights).outputs;
    const source = l === 0 ? rows.features : (work.outputs[l - 1] as Float64Array);
    const sourceOffset = l === 0 ? from * width : 0;
    for (let r = 0; r < padded; r += 1) {
      const at = r * layer.inputs;
      const real = r < count;
      for (let k = 0; k < previous; k += 1)
        input[at + k] = real ? (source[sourceOffset + r * previous + k] ?? 0) : 0;
      if (joinsContext[l])
        for (let k = 0; k < contextSize; k += 1)
          input[at + previous + k] = real ? (rows.context[(from + r) * contextSize + k] ?? 0) : 0;
    }
    forwardLayer(layer, input, work.outputs[l] as Float64Array, padded);
  });
  const output = work.outputs[last] as Float64Array;
  const delta = work.deltas[last] as Float64Array;
  let loss = 0;
  for (let k = 0; k < padded * width; k += 1) {
    const error = k < count * width ? (output[k] ?? 0) - (rows.targets[from * width + k] ?? 0) : 0;
    loss += error * error * scale;
    delta[k] = 2 * error * scale;
  }
  for (let l = last; l >= 0; l -= 1) {
    const below = l > 0 ? (work.deltas[l - 1] as Float64Array) : null;
    const passedDown = l > 0 ? (layers[l - 1] as DenseWeights).outputs : 0;
    backwardLayer(layers[l] as DenseWeights, work, l, below, passedDown, padded);
  }
  return loss;
}

function forwardLayer(
  layer: DenseWeights,
  input: Float64Array,
  output: Float64Array,
  rows: number,
): void {
  const { kernel, bias, inputs, outputs } = layer;
  for (let r = 0; r < rows; r += BLOCK) {
    const y0 = r * outputs;
    const y1 = y0 + outputs;
    const y2 = y1 + outputs;
    const y3 = y2 + outputs;
    const x0 = r * inputs;
    for (let b = 0; b < BLOCK; b += 1) output.set(bias, y0 + b * outputs);
    for (let i = 0; i < inputs; i += 1) {
      const a0 = input[x0 + i] ?? 0;
      const a1 = input[x0 + inputs + i] ?? 0;
      const a2 = input[x0 + 2 * inputs + i] ?? 0;
      const a3 = input[x0 + 3 * inputs + i] ?? 0;
      const w0 = i * outputs;
      for (let o = 0; o < outputs; o += 1) {
        const w = kernel[w0 + o] ?? 0;
        output[y0 + o] = (output[y0 + o] ?? 0) + a0 * w;
        output[y1 + o] = (output[y1 + o] ?? 0) + a1 * w;
        output[y2 + o] = (output[y2 + o] ?? 0) + a2 * w;
        output[y3 + o] = (output[y3 + o] ?? 0) + a3 * w;
      }
    }
  }
  if (layer.activation === 'tanh')
    for (let k = 0; k < rows * outputs; k += 1) output[k] = Math.tanh(output[k] ?? 0);
}

/**
 * Adds the batch's kernel and bias gradients of layer `l` and, when a layer lies below, writes the
 * loss's derivative with respect to that layer's outputs (the context part of the input has none).
 */
function backwardLayer(
  layer: DenseWeights,
  work: GradientWorkspace,
  l: number,
  below: Float64Array | null,
  passedDown: number,
  rows: number,
): void {
  const { kernel, inputs, outputs } = layer;
  const input = work.inputs[l] as Float64Array;
  const output = work.outputs[l] as Float64Array;
  const delta = work.deltas[l] as Float64Array;
  const kernelGradient = work.kernels[l] as Float64Array;
  const biasGradient = work.biases[l] as Float64Array;
  if (layer.activation === 'tanh')
    for (let k = 0; k < rows * outputs; k += 1) {
      const y = output[k] ?? 0;
      delta[k] = (delta[k] ?? 0) * (1 - y * y);
    }
  for (let r = 0; r < rows; r += 1)
    for (let o = 0; o < outputs; o += 1)
      biasGradient[o] = (biasGradient[o] ?? 0) + (delta[r * outputs + o] ?? 0);
  for (let r = 0; r < rows; r += BLOCK) {
    const d0 = r * outputs;
    const d1 = d0 + outputs;
    const d2 = d1 + outputs;
    const d3 = d2 + outputs;
    const x0 = r * inputs;
    for (let i = 0; i < inputs; i += 1) {
      const a0 = input[x0 + i] ?? 0;
      const a1 = input[x0 + inputs + i] ?? 0;
      const a2 = input[x0 + 2 * inputs + i] ?? 0;
      const a3 = input[x0 + 3 * inputs + i] ?? 0;
      const w0 = i * outputs;
      // Left to right, so each entry adds the rows in order, as one row at a time would.
      if (below !== null && i < passedDown) {
        let s0 = 0;
        let s1 = 0;
        let s2 = 0;
        let s3 = 0;
        for (let o = 0; o < outputs; o += 1) {
          const e0 = delta[d0 + o] ?? 0;
          const e1 = delta[d1 + o] ?? 0;
          const e2 = delta[d2 + o] ?? 0;
          const e3 = delta[d3 + o] ?? 0;
          const w = kernel[w0 + o] ?? 0;
          kernelGradient[w0 + o] =
            (kernelGradient[w0 + o] ?? 0) + a0 * e0 + a1 * e1 + a2 * e2 + a3 * e3;
          s0 += w * e0;
          s1 += w * e1;
          s2 += w * e2;
          s3 += w * e3;
        }
        const b0 = r * passedDown + i;
        below[b0] = s0;
        below[b0 + passedDown] = s1;
        below[b0 + 2 * passedDown] = s2;
        below[b0 + 3 * passedDown] = s3;
      } else
        for (let o = 0; o < outputs; o += 1)
          kernelGradient[w0 + o] =
            (kernelGradient[w0 + o] ?? 0) +
            a0 * (delta[d0 + o] ?? 0) +
            a1 * (delta[d1 + o] ?? 0) +
            a2 * (delta[d2 + o] ?? 0) +
            a3 * (delta[d3 + o] ?? 0);
    }
  }
}
