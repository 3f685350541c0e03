/** One dense layer's weights (kernel row-major, in × out, as TensorFlow.js laid it out). */
export interface DenseWeights {
  kernel: Float64Array;
  bias: Float64Array;
  inputs: number;
  outputs: number;
  activation: 'tanh' | 'linear';
}

/**
 * Forward pass of one dense layer in plain JavaScript. Scoring runs here rather than through
 * model.predict: one row at a time costs no tensor overhead, and a row's result never depends on
 * which other rows share its batch, which keeps scores exactly causal.
 */
export function denseForward(layer: DenseWeights, input: readonly number[]): number[] {
  const { kernel, bias, inputs, outputs } = layer;
  if (input.length < inputs) throw new RangeError(`expected ${inputs} inputs, got ${input.length}`);
  const out = new Array<number>(outputs);
  // Hot loop: indices are in bounds by construction (checked above), so `?? 0` never applies; it
  // only satisfies noUncheckedIndexedAccess without a function call per multiply.
  for (let o = 0; o < outputs; o += 1) {
    let sum = bias[o] ?? 0;
    for (let i = 0; i < inputs; i += 1) sum += (input[i] ?? 0) * (kernel[i * outputs + o] ?? 0);
    out[o] = layer.activation === 'tanh' ? Math.tanh(sum) : sum;
  }
  return out;
}
