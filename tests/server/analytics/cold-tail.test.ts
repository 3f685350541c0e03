// Decision 081, amendment (e): a cold floor below which the control charts leave rows unjudged
// (A1 held-out, A2 supported), and frost hinges chosen per mode (B), on small synthetic series.
import { describe, expect, it } from 'vitest';
import { baseTemperature, coldFloorC } from '../../../server/analytics/cold-floor';
import {
  chooseCompensation,
  type ModalCompensation,
} from '../../../server/analytics/compensation-model';
import {
  scoreControlChart,
  trainControlChart,
} from '../../../server/analytics/control-chart-detector';
import { chooseCompensationPerModeFrost } from '../../../server/analytics/per-mode-frost';
import { createRng } from '../../../server/analytics/rng';

/** Two modes over 1,500 rows of a temperature swinging −10-20 °C; `laws` per mode. */
function series(laws: ((t: number) => number)[], seed: number) {
  const rng = createRng(seed);
  const context: number[][] = [];
  const features: number[][] = [];
  for (let i = 0; i < 1500; i += 1) {
    const t = 5 + 15 * Math.sin(i / 70) + rng.normal();
    context.push([t]);
    features.push(
      [3, 7].map((f, k) => f * (1 + (laws[k] ?? (() => 0))(t)) * (1 + 0.002 * rng.normal())),
    );
  }
  return { features, context };
}

const noLag: ModalCompensation = {
  form: { lagRows: 0, hingesC: [] },
  beta: [[1, 0]],
  low: [-9],
  high: [9],
};

describe('cold floors of the control charts (decision 081 (e), candidates A1 and A2)', () => {
  it('reads the lagged temperature when the form has a lag, the air otherwise', () => {
    expect(baseTemperature(noLag, [-4])).toBe(-4);
    expect(baseTemperature({ ...noLag, form: { lagRows: 3, hingesC: [0] } }, [-4, -1])).toBe(-1);
  });

  it('sets no floor for the rule none or without a temperature column', () => {
    const context = [[-5], [0], [5]];
    expect(coldFloorC('none', noLag, context, [0, 1, 2])).toBeNull();
    expect(coldFloorC('held-out', noLag, [[], []], [0, 1])).toBeNull();
  });

  it('puts the held-out floor at the coldest held-out row and the supported one at the n-th coldest row', () => {
    const context = [[-8], [-6], [-4], [-2], [0], [2]];
    // Rows 0 and 1 were not judged held out: the floor is the coldest of the others.
    expect(coldFloorC('held-out', noLag, context, [2, 3, 4, 5])).toBe(-4);
    // Two rows below the floor at most: the third coldest.
    expect(coldFloorC({ supportRows: 2 }, noLag, context, [])).toBe(-4);
    expect(coldFloorC({ supportRows: 0 }, noLag, context, [])).toBe(-8);
  });

  it('leaves rows colder than the floor unjudged, and the product (no floor) judges them', () => {
    const { features, context } = series([(t) => -0.001 * t, (t) => -0.0012 * t], 3);
    const product = trainControlChart({ features, context }, { targetArlRows: 500 });
    expect(product.coldFloorC).toBeUndefined();
    const floored = trainControlChart(
      { features, context },
      { coldFloor: { supportRows: 150 }, targetArlRows: 500 },
    );
    const floor = floored.coldFloorC ?? Number.NaN;
    expect(floor).toBeGreaterThan(-11);
    expect(floor).toBeLessThan(-5);
    const cold = Math.max(floor - 1, Math.min(...context.map((r) => r[0] ?? 0)) + 0.2);
    const rows = {
      features: [[3 * (1 - 0.001 * cold), 7 * (1 - 0.0012 * cold)]],
      context: [[cold]],
    };
    expect(scoreControlChart(floored, rows).unjudged).toEqual([0]);
    expect(scoreControlChart(product, rows).unjudged).toEqual([]);
  });
});

describe('frost hinges chosen per mode (decision 081 (e), candidate B)', () => {
  const frost = (t: number) => -0.001 * t + 0.01 * Math.max(0, -t);
  const { features, context } = series([frost, (t) => -0.001 * t], 5);

  it('gives the mode without frost zero coefficients on the hinges the frosted mode chose', () => {
    const shared = chooseCompensation(features, context);
    const perMode = chooseCompensationPerModeFrost(features, context);
    expect(perMode.model.form.lagRows).toBe(shared.model.form.lagRows);
    expect(perMode.model.form.hingesC).toContain(0);
    const hinges = perMode.model.form.hingesC.length;
    const linear = perMode.model.beta[1] ?? [];
    expect(linear.slice(linear.length - hinges).every((b) => b === 0)).toBe(true);
    const frosted = perMode.model.beta[0] ?? [];
    expect(frosted[frosted.length - hinges]).not.toBe(0);
    expect(perMode.heldOut.rows).toEqual(shared.heldOut.rows);
  });

  it('is the joint choice without a temperature column, and the product keeps the shared hinges', () => {
    const bare = { features, context: context.map(() => []) };
    expect(chooseCompensationPerModeFrost(bare.features, bare.context).model).toEqual(
      chooseCompensation(bare.features, bare.context).model,
    );
    const product = trainControlChart({ features, context }, { targetArlRows: 500 });
    expect(product.compensation).toEqual(chooseCompensation(features, context).model);
  });
});
