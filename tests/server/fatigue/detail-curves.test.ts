import { describe, expect, it } from 'vitest';
import {
  BS7608_CLASSES,
  BS7608_TABLE,
  bs7608Curve,
} from '../../../server/fatigue/bs7608-curves.ts';
import { yearsWithGrowth } from '../../../server/fatigue/coverage.ts';
import { caughtFraction, rateCheck } from '../../../server/fatigue/rate-check.ts';

// Decision 045: BS 7608 design curves, geometric traffic growth and the rate check's rule.
describe('BS 7608 classes', () => {
  it('reach the printed constant-amplitude limits S_oc at 10⁷ cycles from their C2', () => {
    const printed = { B: 100, C: 78, D: 53, E: 47, F: 40, F2: 35, G: 29, G2: 25, W1: 21 };
    for (const bsClass of BS7608_CLASSES) {
      expect(bs7608Curve(bsClass).fatigueLimit).toBeCloseTo(printed[bsClass], -0.3);
    }
  });

  it('agree with an independent printing of the basic curves B, C and D to 0.2 MPa', () => {
    // IACS Common Structural Rules (bulk carriers and oil tankers), Pt 1 Ch 9 Sec 3, Table 2:
    // the UK basic design curves, with the stress ranges at 10⁷ and 2·10⁶ cycles (its B is
    // 0.12 MPa below what its own K2 gives, so the match is to rounding, not to the digit).
    const published = { B: [100.2, 149.9], C: [78.2, 123.9], D: [53.4, 91.3] } as const;
    for (const [bsClass, [atKnee, at2M]] of Object.entries(published)) {
      const curve = bs7608Curve(bsClass as keyof typeof published);
      expect(Math.abs(curve.fatigueLimit - atKnee)).toBeLessThan(0.15);
      expect(Math.abs(curve.rangeAt2M - at2M)).toBeLessThan(0.15);
    }
  });

  it('place E to G where the UK weld classification factors put them against D, to 0.3 MPa', () => {
    // UK HSE offshore guidance (1995) writes the same basic curves as D's stress range divided by
    // a factor per class: E 1.14, F 1.34, F2 1.52, G 1.83 (as quoted by Bai, Marine Structural
    // Design, ch. 17). An independent check of E to G at 10⁷ cycles; its W (2.13, about 25 MPa)
    // is the 1993 class that BS 7608:2014's W1 replaced, so W1 is not checked by it.
    const factors = { E: 1.14, F: 1.34, F2: 1.52, G: 1.83 } as const;
    const d = bs7608Curve('D').fatigueLimit;
    for (const [bsClass, factor] of Object.entries(factors)) {
      const curve = bs7608Curve(bsClass as keyof typeof factors);
      expect(Math.abs(curve.fatigueLimit - d / factor)).toBeLessThan(0.3);
    }
  });

  it('follow the mean constants and deviations of the 2014 table: log C2 = log C0 − 2·SD', () => {
    // A public transcription of BS 7608:2014 Table 18 (the CCE fatigue model's `bs7608` table,
    // read 2026-12-03): log10 C0 and SD per class. Its printed C2 agree with these to rounding for
    // every class but G2, whose C0 and SD give 1.59·10¹¹ beside a printed 1.48·10¹¹ (decision
    // 045, 2026-12-03 (h)). The product keeps the printed, lower G2 until a copy of the standard
    // settles it: its lives are then at most 7 % short, never long.
    const table = {
      B: [15.36977, 0.1821],
      C: [14.03423, 0.2041],
      D: [12.60076, 0.2095],
      E: [12.51706, 0.2509],
      F: [12.23704, 0.2183],
      F2: [12.09026, 0.2279],
      G: [11.75251, 0.1793],
      G2: [11.59184, 0.1952],
      W1: [11.39794, 0.214],
    } as const;
    for (const bsClass of BS7608_CLASSES) {
      const [logC0, sd] = table[bsClass];
      const offBy = Math.log10(BS7608_TABLE[bsClass].c2) - (logC0 - 2 * sd);
      if (bsClass === 'G2') {
        expect(offBy).toBeLessThan(0);
        expect(offBy).toBeGreaterThan(-0.035);
      } else {
        // The standard prints C2 rounded (G's 2.50·10¹¹ is 10^11.3939 = 2.48·10¹¹): 1.2 %.
        expect(Math.abs(offBy), bsClass).toBeLessThan(0.005);
      }
    }
  });

  it('puts W1 below the 1993 W, and G2 between G and W1', () => {
    // The 2014 edition's W1 (S_oc 21 MPa) was stored with the 1993 W's constant (25 MPa) before.
    expect(bs7608Curve('W1').fatigueLimit).toBeCloseTo(21.05, 1);
    expect(bs7608Curve('G2').fatigueLimit).toBeLessThan(bs7608Curve('G').fatigueLimit);
    expect(bs7608Curve('G2').fatigueLimit).toBeGreaterThan(bs7608Curve('W1').fatigueLimit);
  });

  it('runs at slope m down to S_oc and m + 2 below it, with no cut-off', () => {
    const f = bs7608Curve('F');
    expect(f.cyclesToFailure(f.rangeAt2M)).toBeCloseTo(2e6, 3);
    expect(f.cyclesToFailure(f.fatigueLimit)).toBeCloseTo(1e7, 1);
    expect(f.cyclesToFailure(f.fatigueLimit / 2)).toBeCloseTo(1e7 * 2 ** 5, -2);
    expect(Number.isFinite(f.cyclesToFailure(1))).toBe(true);
    expect(bs7608Curve('B').cyclesToFailure(200)).toBeCloseTo(1.013e15 / 200 ** 4, 3);
  });
});

describe('remaining life with geometric traffic growth', () => {
  it('uses the damage left when year k does the rate × (1 + g)^k', () => {
    const years = yearsWithGrowth(0.5, 0.01, 0.03);
    // Σ_{k<n} 0.01·1.03^k = 0.5 at that n.
    expect((0.01 * (1.03 ** years - 1)) / 0.03).toBeCloseTo(0.5, 12);
    expect(yearsWithGrowth(0.5, 0.01, 0)).toBe(50);
    expect(yearsWithGrowth(0.5, 0.01, -0.05)).toBe(Infinity);
    expect(yearsWithGrowth(0, 0.01, 0.02)).toBe(0);
  });
});

describe('rate check', () => {
  it('resolves a 40 m span at 10 Hz and flags it at one sample in 10 s', () => {
    expect(rateCheck(10, 40)).toMatchObject({ resolves: true, warning: null });
    const slow = rateCheck(0.1, 40);
    expect(slow.resolves).toBe(false);
    expect(slow.requiredRateHz).toBeCloseTo(10 / (56.5 / (85 / 3.6)), 12);
  });

  it('catches the whole pulse when sampled densely, and 1/((m+1)·r) when sparsely', () => {
    expect(caughtFraction(1e-6, 3)).toBeCloseTo(1, 5);
    expect(caughtFraction(1, 3)).toBeCloseTo(0.25, 12);
    expect(caughtFraction(4, 5)).toBeCloseTo(1 / 24, 12);
  });
});
