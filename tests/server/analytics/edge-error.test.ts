import { describe, expect, it } from 'vitest';
import {
  compensatedResiduals,
  scoreControlChart,
  trainControlChart,
} from '../../../server/analytics/control-chart-detector';
import {
  EDGE_WIDENING,
  edgeErrorPerC,
  shrinkResiduals,
} from '../../../server/analytics/edge-error';
import { createRng } from '../../../server/analytics/rng';

// Decision 081 (h), rule W: warm rows beyond the learnt high judged with each residual shrunk by
// twice the form's measured extrapolation error per °C times the row's excess.
const W = { warmC: 4, coldC: 0, widening: EDGE_WIDENING };

/** 1,500 hourly rows at 0..20 °C of two modes; `curve` adds a softening that grows above 10 °C. */
function bridge(curve: number) {
  const rng = createRng(7);
  const context: number[][] = [];
  const features: number[][] = [];
  const physics = (t: number) => 1 - 0.0015 * t - curve * Math.max(0, t - 10) ** 2;
  for (let i = 0; i < 1500; i += 1) {
    const t = Math.round((10 + 10 * Math.sin(i / 60)) * 10) / 10;
    context.push([t]);
    features.push([3, 7].map((f) => f * physics(t) * (1 + 0.002 * rng.normal())));
  }
  return { context, features, physics };
}

describe('shrinkResiduals', () => {
  it('keeps only the part of each residual beyond factor × error × excess, missing modes as they are', () => {
    const r = shrinkResiduals([0.01, -0.03, 0.005, Number.NaN], [0.001, 0.001, 0.001, 0.001], 2, 3);
    expect(r[0]).toBeCloseTo(0.004, 12);
    expect(r[1]).toBeCloseTo(-0.024, 12);
    expect(r[2]).toBe(0);
    expect(r[3]).toBeNaN();
  });
});

const linear = bridge(0);
const strict = trainControlChart(linear, { targetArlRows: 1500 });

describe('edgeErrorPerC: the form extrapolated past its warmest 4 °C, measured on the training rows', () => {
  it('is small where the physics is the form (linear) and larger where it curves', () => {
    const curved = bridge(0.00005);
    const g0 = edgeErrorPerC(strict.compensation, linear.features, linear.context);
    const g1 = edgeErrorPerC(
      trainControlChart(curved, { targetArlRows: 1500 }).compensation,
      curved.features,
      curved.context,
    );
    expect(g0).not.toBeNull();
    expect(g1).not.toBeNull();
    for (const k of [0, 1]) expect(g1?.[k] ?? 0).toBeGreaterThan(3 * (g0?.[k] ?? Infinity));
  });

  it('is not measured when the warm band holds fewer rows than the minimum', () => {
    const b = bridge(0);
    const model = trainControlChart(b, { targetArlRows: 1500 }).compensation;
    expect(
      edgeErrorPerC(model, b.features, b.context, { ...EDGE_WIDENING, minRows: 10_000 }),
    ).toBeNull();
  });
});

describe('the control charts under rule W', () => {
  const b = linear;
  // Ten rows 3 °C warmer than any learnt, every mode 5 % lower; then ten healthy ones as warm.
  const warm = Array.from({ length: 10 }, () => 23);
  const scored = (loss: number) => ({
    features: [...b.features, ...warm.map((t) => [3, 7].map((f) => f * b.physics(t) * loss))],
    context: [...b.context, ...warm.map((t) => [t])],
  });
  const trained = trainControlChart(b, { targetArlRows: 1500, extrapolation: W });

  it('judges the warm rows a strict range leaves unjudged, and alarms on a 5 % loss there', () => {
    expect(scoreControlChart(strict, scored(0.95)).unjudged).toHaveLength(10);
    const { scores, unjudged, extrapolated } = scoreControlChart(trained, scored(0.95));
    expect(unjudged).toEqual([]);
    expect(extrapolated).toEqual(Array.from({ length: 10 }, (_, k) => 1500 + k));
    expect(scores.at(-1)).toBeGreaterThan(1);
  });

  it('shrinks the extrapolated rows’ residuals by twice the measured error times the excess', () => {
    const error = trained.edgeErrorPerC ?? [];
    expect(error).toHaveLength(2);
    const data = scored(0.95);
    const plain = compensatedResiduals({ ...trained, extrapolation: { warmC: 4, coldC: 0 } }, data);
    const widened = compensatedResiduals(trained, data);
    const excess = 23 - (trained.compensation.high[0] ?? 0);
    expect(excess).toBeGreaterThan(2);
    for (const k of [0, 1]) {
      const r = plain.at(-1)?.[k] ?? 0;
      const width = 2 * (error[k] ?? 0) * excess;
      expect(widened.at(-1)?.[k]).toBeCloseTo(Math.sign(r) * Math.max(0, Math.abs(r) - width), 12);
    }
    // Inside the range nothing changes.
    expect(widened[100]).toEqual(plain[100]);
  });

  it('leaves the warm rows unjudged when the edge error could not be measured', () => {
    const unmeasured = { ...trained, edgeErrorPerC: null };
    const { unjudged, extrapolated } = scoreControlChart(unmeasured, scored(0.95));
    expect(unjudged).toHaveLength(10);
    expect(extrapolated).toEqual([]);
  });
});
