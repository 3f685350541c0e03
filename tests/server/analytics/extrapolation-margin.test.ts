import { describe, expect, it } from 'vitest';
import type { ModalCompensation } from '../../../server/analytics/compensation-model';
import {
  DEFAULT_EXTRAPOLATION,
  scoreControlChart,
  trainControlChart,
} from '../../../server/analytics/control-chart-detector';
import { judgeRow, STRICT_RANGE } from '../../../server/analytics/extrapolation-margin';
import { createRng } from '../../../server/analytics/rng';

// A model that learnt air −5..25 °C and a 3-row lagged temperature −4..24 °C, with a frost hinge
// at 0 °C on the lagged temperature (design: 1, air, lagged, max(0, 0 − lagged)).
const model: ModalCompensation = {
  form: { lagRows: 3, hingesC: [0] },
  beta: [[4, -0.005, 0, 0.04]],
  low: [-5, -4],
  high: [25, 24],
};
const row = (air: number, lagged: number) => ({
  inputs: [air, lagged],
  design: [1, air, lagged, Math.max(0, -lagged)],
});
const margin = { warmC: 4, coldC: 0 };
const judge = (air: number, lagged: number, m = margin) => {
  const { inputs, design } = row(air, lagged);
  return judgeRow(model, inputs, design, m);
};

describe('judgeRow: a bounded extrapolation beyond the learnt temperatures (decision 081)', () => {
  it('judges a row inside the learnt range as before', () => {
    expect(judge(10, 10)).toBe('inside');
    expect(judge(25, 24)).toBe('inside');
  });

  it('judges a row up to the warm margin above the learnt range by extrapolation, not beyond', () => {
    expect(judge(27, 24)).toBe('extrapolated');
    expect(judge(29, 28)).toBe('extrapolated');
    expect(judge(29.1, 24)).toBe('outside');
    expect(judge(25, 28.5)).toBe('outside');
    expect(judge(27, 24, { warmC: 0, coldC: 0 })).toBe('outside');
  });

  it('never extrapolates to the cold side with no cold margin, and only its own margin with one', () => {
    expect(judge(-5.5, -3)).toBe('outside');
    expect(judge(-6, -4.5, { warmC: 4, coldC: 2 })).toBe('extrapolated');
    expect(judge(-7.5, -4, { warmC: 4, coldC: 2 })).toBe('outside');
  });

  it('does not extrapolate warm where a frost hinge is active (only the linear part)', () => {
    // Air just above what was learnt while the lagged temperature is below the hinge at 0 °C.
    const coldModel: ModalCompensation = { ...model, low: [-20, -20], high: [-2, -1] };
    const { inputs, design } = row(0, -0.5);
    expect(judgeRow(coldModel, inputs, design, margin)).toBe('outside');
    const thawed = row(1, 0);
    expect(judgeRow(coldModel, thawed.inputs, thawed.design, margin)).toBe('extrapolated');
  });

  it('never extrapolates a context column that is not a temperature, nor a missing value', () => {
    const humid: ModalCompensation = {
      form: { lagRows: 0, hingesC: [] },
      beta: [[4, -0.005, 0]],
      low: [-5, 40],
      high: [25, 90],
    };
    expect(judgeRow(humid, [10, 95], [1, 10, 95], margin)).toBe('outside');
    expect(judgeRow(humid, [27, 60], [1, 27, 60], margin)).toBe('extrapolated');
    expect(judgeRow(humid, [Number.NaN, 60], [1, Number.NaN, 60], margin)).toBe('outside');
  });
});

describe('the control charts with a margin (decision 081)', () => {
  // A bridge whose frequencies soften linearly with temperature, trained on 0..20 °C (no frost).
  const rng = createRng(7);
  const context: number[][] = [];
  const features: number[][] = [];
  for (let i = 0; i < 1500; i += 1) {
    const t = 10 + 10 * Math.sin(i / 60);
    context.push([Math.round(t * 10) / 10]);
    features.push([3, 7].map((f) => f * (1 - 0.0015 * t) * (1 + 0.002 * rng.normal())));
  }
  // Then ten rows 3 °C warmer than any it learnt, every mode 5 % lower.
  const warm = Array.from({ length: 10 }, () => 23);
  const later = {
    features: [...features, ...warm.map((t) => [3, 7].map((f) => f * (1 - 0.0015 * t) * 0.95))],
    context: [...context, ...warm.map((t) => [t])],
  };
  const trained = trainControlChart({ features, context }, { targetArlRows: 1500 });

  it('keeps the strict range by default: the tuning seeds chose no margin', () => {
    expect(DEFAULT_EXTRAPOLATION).toEqual(STRICT_RANGE);
    const { scores, unjudged, extrapolated } = scoreControlChart(trained, later);
    expect(unjudged).toEqual(Array.from({ length: 10 }, (_, k) => 1500 + k));
    expect(extrapolated).toEqual([]);
    expect(scores.slice(1500).every((s) => s === null)).toBe(true);
  });

  it('judges and lists rows within the warm margin, and alarms on their loss; beyond it, none', () => {
    const within = scoreControlChart({ ...trained, extrapolation: { warmC: 4, coldC: 0 } }, later);
    expect(within.extrapolated).toEqual(Array.from({ length: 10 }, (_, k) => 1500 + k));
    expect(within.unjudged).toEqual([]);
    expect(within.scores.at(-1)).toBeGreaterThan(1);
    const narrow = scoreControlChart({ ...trained, extrapolation: { warmC: 2, coldC: 0 } }, later);
    expect(narrow.extrapolated).toEqual([]);
    expect(narrow.scores.at(-1)).toBeNull();
  });
});
