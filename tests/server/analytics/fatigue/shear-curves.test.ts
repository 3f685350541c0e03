import { describe, expect, it } from 'vitest';
import { detailCurve } from '../../../../server/analytics/fatigue/detail-names.ts';
import { equivalentRangeAt2M } from '../../../../server/analytics/fatigue/miner.ts';
import {
  eurocodeShearCurve,
  snCurveByName,
} from '../../../../server/analytics/fatigue/sn-curves.ts';

describe('EN 1993-1-9 shear curves (Figure 7.2)', () => {
  it('run at slope 5 from ΔτC at 2·10⁶ cycles to the cut-off at 10⁸', () => {
    const curve = eurocodeShearCurve(100);
    expect(curve.name).toBe('EC3 shear 100');
    expect(curve.cyclesToFailure(100)).toBeCloseTo(2e6, 6);
    expect(curve.cyclesToFailure(200)).toBeCloseTo(2e6 / 32, 6);
    // ΔτL = (2/100)^(1/5)·ΔτC ≈ 45.7 MPa: 10⁸ cycles at it, no damage below it.
    expect(curve.cutOff).toBeCloseTo(45.73, 2);
    expect(curve.cyclesToFailure(curve.cutOff)).toBeCloseTo(1e8, 0);
    expect(curve.cyclesToFailure(45)).toBe(Infinity);
    expect(eurocodeShearCurve(80).cyclesToFailure(80)).toBeCloseTo(2e6, 6);
  });

  it('give Δτ_E,2 on the slope-5 line: D = 1/32 is half of ΔτC', () => {
    expect(equivalentRangeAt2M(1 / 32, eurocodeShearCurve(80))).toBeCloseTo(40, 9);
    // Direct-stress curves keep slope 3: D = 1/8 is half of ΔσC.
    expect(equivalentRangeAt2M(1 / 8, snCurveByName('EC3 80'))).toBeCloseTo(40, 9);
  });

  it('are found by their stored and command-line names', () => {
    expect(snCurveByName('EC3 shear 80').name).toBe('EC3 shear 80');
    expect(detailCurve('EC3-shear-100').name).toBe('EC3 shear 100');
    expect(detailCurve('ec3_s80').name).toBe('EC3 shear 80');
    expect(detailCurve('EC3-71').name).toBe('EC3 71');
    expect(detailCurve('90').name).toBe('EC3 90');
    expect(detailCurve("aashto-c'").name).toBe("AASHTO C'");
    expect(() => detailCurve('EC3-shear-90')).toThrow(/Unknown detail category 'EC3-shear-90'/);
  });
});
