import { describe, expect, it } from 'vitest';
import { createAdam, TFJS_ADAM } from '../../../server/analytics/adam-optimizer.ts';
import { denseForward } from '../../../server/analytics/dense-network.ts';
import {
  batchGradients,
  gradientWorkspace,
  type ChainRows,
  type ContextChain,
} from '../../../server/analytics/dense-network-gradients.ts';
import {
  fitContextChain,
  glorotUniformLayer,
} from '../../../server/analytics/dense-network-training.ts';
import { createRng } from '../../../server/analytics/rng.ts';

const WIDTH = 3;
const CONTEXT = 2;

/** The autoencoder's shape in small: features+context → tanh → code → code+context → tanh → out. */
function tinyChain(seed: number): ContextChain {
  const layers = [
    glorotUniformLayer(WIDTH + CONTEXT, 4, 'tanh', seed + 1),
    glorotUniformLayer(4, 2, 'linear', seed + 2),
    glorotUniformLayer(2 + CONTEXT, 4, 'tanh', seed + 3),
    glorotUniformLayer(4, WIDTH, 'linear', seed + 4),
  ];
  // Biases as after some training (they start at zero, where a row of zeros gives zero output).
  const rng = createRng(seed);
  for (const layer of layers) layer.bias.forEach((_, o) => (layer.bias[o] = 0.3 * rng.normal()));
  return {
    layers,
    joinsContext: [true, false, true, false],
    contextSize: CONTEXT,
  };
}

function randomRows(count: number, seed: number): ChainRows {
  const rng = createRng(seed);
  const fill = (n: number) => Float64Array.from({ length: n }, () => rng.normal());
  return {
    features: fill(count * WIDTH),
    context: fill(count * CONTEXT),
    targets: fill(count * WIDTH),
    width: WIDTH,
  };
}

/** The mean squared error as the scorer's forward pass (dense-network.ts) computes the output. */
function scorerLoss(chain: ContextChain, rows: ChainRows, count: number): number {
  let sum = 0;
  for (let r = 0; r < count; r += 1) {
    const context = Array.from(rows.context.subarray(r * CONTEXT, (r + 1) * CONTEXT));
    let values = Array.from(rows.features.subarray(r * WIDTH, (r + 1) * WIDTH));
    chain.layers.forEach((layer, l) => {
      values = denseForward(layer, chain.joinsContext[l] ? [...values, ...context] : values);
    });
    values.forEach((v, o) => {
      sum += (v - (rows.targets[r * WIDTH + o] ?? 0)) ** 2;
    });
  }
  return sum / (count * WIDTH);
}

describe('training the dense network in plain TypeScript', () => {
  it('computes the loss of the kernels as the scorer lays them out (row-major, in × out)', () => {
    const chain = tinyChain(7);
    const rows = randomRows(5, 1);
    const loss = batchGradients(chain, rows, 0, 5, gradientWorkspace(chain, WIDTH, 200));
    expect(loss).toBeCloseTo(scorerLoss(chain, rows, 5), 12);
  });

  it("gives every kernel and bias entry the loss's finite-difference slope", () => {
    const chain = tinyChain(3);
    // Five rows: one block of four and one padded with zero rows.
    const rows = randomRows(6, 2);
    const work = gradientWorkspace(chain, WIDTH, 200);
    batchGradients(chain, rows, 1, 6, work);
    const h = 1e-6;
    let checked = 0;
    chain.layers.forEach((layer, l) => {
      const pairs: [Float64Array, Float64Array | undefined][] = [
        [layer.kernel, work.kernels[l]],
        [layer.bias, work.biases[l]],
      ];
      for (const [parameter, gradient] of pairs)
        for (let i = 0; i < parameter.length; i += 1) {
          const value = parameter[i] ?? 0;
          const lossAt = (v: number) => {
            parameter[i] = v;
            return batchGradients(chain, rows, 1, 6, gradientWorkspace(chain, WIDTH, 200));
          };
          const slope = (lossAt(value + h) - lossAt(value - h)) / (2 * h);
          parameter[i] = value;
          expect(gradient?.[i]).toBeCloseTo(slope, 7);
          checked += 1;
        }
    });
    // 5×4+4, 4×2+2, 4×4+4, 4×3+3 parameters.
    expect(checked).toBe(24 + 10 + 20 + 15);
  });

  it("moves a parameter as TensorFlow.js's Adam does, step after step", () => {
    const parameter = Float64Array.from([0.5, -1, 2]);
    const adam = createAdam([3], { ...TFJS_ADAM, learningRate: 0.01 });
    // tf.train.adam(0.01) on TensorFlow.js 4.22 (float32, WASM backend), the same gradients.
    const steps: [number[], number[]][] = [
      [
        [0.1, -0.2, 0.3],
        [0.49000006914138794, -0.9900000691413879, 1.9900001287460327],
      ],
      [
        [0.05, 0.4, -1],
        [0.48067837953567505, -0.9936610460281372, 1.9952033758163452],
      ],
      [
        [0, 0.4, -1e-9],
        [0.4734727144241333, -1.0000299215316772, 1.9992254972457886],
      ],
    ];
    for (const [gradient, expected] of steps) {
      adam.step([parameter], [Float64Array.from(gradient)]);
      expected.forEach((value, i) => expect(parameter[i]).toBeCloseTo(value, 6));
    }
  });

  it('applies the bias-corrected formula, epsilon added to the corrected root', () => {
    const parameter = Float64Array.from([1]);
    const adam = createAdam([1], { learningRate: 0.1, beta1: 0.5, beta2: 0.75, epsilon: 0.01 });
    adam.step([parameter], [Float64Array.from([2])]);
    // m = 1, v = 1; corrected: 1 / 0.5 = 2 and 1 / 0.25 = 4 → step 0.1 · 2 / (2 + 0.01).
    expect(parameter[0]).toBeCloseTo(1 - (0.1 * 2) / 2.01, 12);
    adam.step([parameter], [Float64Array.from([-1])]);
    // m = 0.5·1 − 0.5 = 0, so the second step leaves the parameter where it was.
    expect(parameter[0]).toBeCloseTo(1 - (0.1 * 2) / 2.01, 12);
  });

  it('draws glorot-uniform kernels within ±√(6 / (in + out)) and zero biases', () => {
    const layer = glorotUniformLayer(20, 12, 'tanh', 9);
    const limit = Math.sqrt(6 / 32);
    const kernel = Array.from(layer.kernel);
    expect(Math.max(...kernel.map(Math.abs))).toBeLessThanOrEqual(limit);
    expect(Math.max(...kernel)).toBeGreaterThan(0.9 * limit);
    expect(Math.min(...kernel)).toBeLessThan(-0.9 * limit);
    expect(Array.from(layer.bias)).toEqual(new Array(12).fill(0));
  });

  it('learns the rows (the loss falls) and gives the same weights for the same seed', async () => {
    const rows = randomRows(200, 4);
    // A learnable target: the features themselves, scaled.
    rows.targets = rows.features.map((v) => 0.5 * v);
    const fit = async (seed: number) => {
      const chain = tinyChain(seed);
      const work = gradientWorkspace(chain, WIDTH, 200);
      const before = batchGradients(chain, rows, 0, 200, work);
      const epochs: number[] = [];
      const after = await fitContextChain(chain, rows, {
        epochs: 40,
        batchSize: 64,
        learningRate: 0.005,
        onEpoch: (done) => epochs.push(done),
      });
      return { chain, before, after, epochs };
    };
    const first = await fit(11);
    expect(first.after).toBeLessThan(first.before / 4);
    expect(first.epochs).toEqual(Array.from({ length: 40 }, (_, k) => k + 1));
    const kernels = (chain: ContextChain) => chain.layers.map((layer) => Array.from(layer.kernel));
    expect(kernels((await fit(11)).chain)).toEqual(kernels(first.chain));
    expect(kernels((await fit(12)).chain)).not.toEqual(kernels(first.chain));
  });

  it('lets the event loop run between epochs, so their progress is written as training goes', async () => {
    const rows = randomRows(64, 4);
    rows.targets = rows.features.map((v) => 0.5 * v);
    const seenByTheLoop: number[] = [];
    let epochsDone = 0;
    let watching = true;
    const watch = () => {
      seenByTheLoop.push(epochsDone);
      if (watching) setImmediate(watch);
    };
    setImmediate(watch);
    await fitContextChain(tinyChain(3), rows, {
      epochs: 20,
      batchSize: 64,
      learningRate: 0.005,
      onEpoch: (done) => {
        epochsDone = done;
      },
    });
    watching = false;
    // The loop ran while epochs remained: it saw a count between none and all.
    expect(seenByTheLoop.some((done) => done > 0 && done < 20)).toBe(true);
  });
});
