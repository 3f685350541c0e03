export interface AdamSettings {
  learningRate: number;
  beta1: number;
  beta2: number;
  epsilon: number;
}

/**
 * TensorFlow.js's defaults (tf.train.adam): its epsilon is the float32 backend's 1e-7, not
 * Keras-Python's 1e-7 added to the uncorrected root, and it is added after the bias correction.
 */
export const TFJS_ADAM: Omit<AdamSettings, 'learningRate'> = {
  beta1: 0.9,
  beta2: 0.999,
  epsilon: 1e-7,
};

export interface AdamOptimizer {
  /** Moves every parameter against its gradient (arrays paired by position); one step. */
  step(parameters: readonly Float64Array[], gradients: readonly Float64Array[]): void;
}

/**
 * Adam as TensorFlow.js applies it (tfjs-core adam_optimizer.ts), on plain arrays:
 *   m ← β1·m + (1−β1)·g,  v ← β2·v + (1−β2)·g²,
 *   p ← p − lr · (m / (1−β1^t)) / (√(v / (1−β2^t)) + ε),  t counting steps from 1.
 */
export function createAdam(sizes: readonly number[], settings: AdamSettings): AdamOptimizer {
  const { learningRate, beta1, beta2, epsilon } = settings;
  const first = sizes.map((n) => new Float64Array(n));
  const second = sizes.map((n) => new Float64Array(n));
  let beta1Power = 1;
  let beta2Power = 1;
  return {
    step(parameters, gradients) {
      beta1Power *= beta1;
      beta2Power *= beta2;
      const firstCorrection = 1 - beta1Power;
      const secondCorrection = 1 - beta2Power;
      parameters.forEach((p, k) => {
        const g = gradients[k];
        const m = first[k];
        const v = second[k];
        if (!g || !m || !v || g.length !== p.length || m.length !== p.length)
          throw new RangeError(`parameter ${k} does not match its gradient or optimiser state`);
        // Hot loop: every index is below p.length, checked equal for all four arrays above.
        for (let i = 0; i < p.length; i += 1) {
          const gi = g[i] ?? 0;
          const mi = beta1 * (m[i] ?? 0) + (1 - beta1) * gi;
          const vi = beta2 * (v[i] ?? 0) + (1 - beta2) * gi * gi;
          m[i] = mi;
          v[i] = vi;
          p[i] =
            (p[i] ?? 0) -
            (learningRate * (mi / firstCorrection)) / (Math.sqrt(vi / secondCorrection) + epsilon);
        }
      });
    },
  };
}
