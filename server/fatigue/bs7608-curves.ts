// BS 7608:2014+A1:2015 design S-N curves (mean minus two standard deviations) for the weld
// classes of its Table 18 (basic S-N curves), in air, stress ranges in MPa (decision 045).
//
// Each class is S^m · N = C2 down to its constant-amplitude limit S_oc at N = 10⁷; under variable
// amplitude the curve goes on below it at slope m + 2 with no cut-off (BS 7608:2014 §17.4 / Figure
// 17, as in the 1993 edition's Table 10). Each S_oc follows from C2, and a test checks the printed
// S_oc (100, 78, 53, 47, 40, 35, 29, 25, 21 MPa) against them. B to G are the 1993 edition's
// curves, kept in 2014. The 2014 edition added G2 and its W1 lies below the 1993 W (S_oc 21
// against 25 MPa): W1 was stored here with the old W's constant until 2026-11-30, overstating a
// W1 detail's life about 1.7 times (decision 045, amendment of that day).
import type { SnCurve } from '../analytics/fatigue/sn-curves.ts';

export const BS7608_TABLE = {
  B: { m: 4, c2: 1.013e15 },
  C: { m: 3.5, c2: 4.227e13 },
  D: { m: 3, c2: 1.52e12 },
  E: { m: 3, c2: 1.04e12 },
  F: { m: 3, c2: 6.33e11 },
  F2: { m: 3, c2: 4.31e11 },
  G: { m: 3, c2: 2.5e11 },
  G2: { m: 3, c2: 1.48e11 },
  W1: { m: 3, c2: 9.33e10 },
} as const;
export type Bs7608Class = keyof typeof BS7608_TABLE;
export const BS7608_CLASSES = Object.keys(BS7608_TABLE) as Bs7608Class[];

const N_KNEE = 1e7;

export interface Bs7608Curve extends SnCurve {
  readonly bsClass: Bs7608Class;
  readonly slope: number;
  /** S_oc, the constant-amplitude limit at 10⁷ cycles. */
  readonly fatigueLimit: number;
}

export function bs7608Curve(bsClass: Bs7608Class): Bs7608Curve {
  const row = BS7608_TABLE[bsClass];
  if (row === undefined) throw new RangeError(`unknown BS 7608 class ${bsClass}`);
  const { m, c2 } = row;
  const fatigueLimit = (c2 / N_KNEE) ** (1 / m);
  return {
    name: `BS 7608 ${bsClass}`,
    bsClass,
    slope: m,
    fatigueLimit,
    rangeAt2M: (c2 / 2e6) ** (1 / m),
    // Δσ_E,2 on the class's own slope (m = 3 for D to W1).
    equivalentSlope: m,
    cyclesToFailure(range: number): number {
      if (!(range > 0)) return Infinity;
      if (range >= fatigueLimit) return c2 / range ** m;
      return N_KNEE * (fatigueLimit / range) ** (m + 2);
    },
  };
}

/** 'BS 7608 F2' → the curve; null for another family's name. */
export function bs7608ByName(name: string): Bs7608Curve | null {
  const match = /^BS 7608 (B|C|D|E|F|F2|G|G2|W1)$/.exec(name);
  return match ? bs7608Curve(match[1] as Bs7608Class) : null;
}
