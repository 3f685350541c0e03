// S-N curves as data, with their sources. Stress ranges in MPa.

/** A curve gives the cycles to failure of a constant stress range (Infinity: no damage). */
export interface SnCurve {
  /** 'EC3 71', 'AASHTO C', ... */
  readonly name: string;
  /** Range at 2 million cycles on the curve's slope-3 line (ΔσC for Eurocode). */
  readonly rangeAt2M: number;
  /**
   * Slope of the line through `rangeAt2M` that the equivalent range at 2·10⁶ cycles is taken on:
   * 3 for direct stress (the default), 5 for EN 1993-1-9 shear (Δτ_E,2, §8).
   */
  readonly equivalentSlope?: number;
  cyclesToFailure(range: number): number;
}

export const TWO_MILLION = 2e6;

// EN 1993-1-9:2005 §7.1 and Figure 7.1 (direct stress ranges): the detail category is ΔσC at
// NC = 2·10⁶ cycles; slope m = 3 down to the constant-amplitude fatigue limit ΔσD at 5·10⁶,
// ΔσD = (2/5)^(1/3)·ΔσC ≈ 0.737·ΔσC; slope m = 5 down to the cut-off limit ΔσL at 10⁸,
// ΔσL = (5/100)^(1/5)·ΔσD ≈ 0.549·ΔσD; ranges below ΔσL do no damage (Figure 7.1, eq. 7.1-7.3).
export const EUROCODE_CATEGORIES = [
  160, 140, 125, 112, 100, 90, 80, 71, 63, 56, 50, 45, 40, 36,
] as const;
export type EurocodeCategory = (typeof EUROCODE_CATEGORIES)[number];

const N_C = 2e6;
const N_D = 5e6;
const N_L = 1e8;

export interface EurocodeCurve extends SnCurve {
  readonly category: EurocodeCategory;
  /** Constant-amplitude fatigue limit ΔσD (at 5·10⁶ cycles). */
  readonly fatigueLimit: number;
  /** Cut-off limit ΔσL (at 10⁸ cycles). */
  readonly cutOff: number;
}

export function eurocodeCurve(category: EurocodeCategory): EurocodeCurve {
  if (!EUROCODE_CATEGORIES.includes(category)) {
    throw new RangeError(`unknown EN 1993-1-9 detail category ${category}`);
  }
  const fatigueLimit = category * Math.cbrt(N_C / N_D);
  const cutOff = fatigueLimit * (N_D / N_L) ** (1 / 5);
  return {
    name: `EC3 ${category}`,
    category,
    rangeAt2M: category,
    fatigueLimit,
    cutOff,
    cyclesToFailure(range: number): number {
      if (range >= fatigueLimit) return N_C * (category / range) ** 3;
      if (range >= cutOff) return N_D * (fatigueLimit / range) ** 5;
      return Infinity;
    },
  };
}

// EN 1993-1-9:2005 Figure 7.2 (shear stress ranges): the detail category is ΔτC at 2·10⁶ cycles;
// one slope m = 5 down to the cut-off limit ΔτL at 10⁸ cycles, ΔτL = (2/100)^(1/5)·ΔτC ≈ 0.457·ΔτC
// (eq. 7.4); no constant-amplitude limit between; ranges below ΔτL do no damage.
export const EUROCODE_SHEAR_CATEGORIES = [100, 80] as const;
export type EurocodeShearCategory = (typeof EUROCODE_SHEAR_CATEGORIES)[number];

export interface EurocodeShearCurve extends SnCurve {
  readonly category: EurocodeShearCategory;
  /** Cut-off limit ΔτL (at 10⁸ cycles). */
  readonly cutOff: number;
}

export function eurocodeShearCurve(category: EurocodeShearCategory): EurocodeShearCurve {
  if (!EUROCODE_SHEAR_CATEGORIES.includes(category)) {
    throw new RangeError(`unknown EN 1993-1-9 shear detail category ${category}`);
  }
  const cutOff = category * (N_C / N_L) ** (1 / 5);
  return {
    name: `EC3 shear ${category}`,
    category,
    rangeAt2M: category,
    equivalentSlope: 5,
    cutOff,
    cyclesToFailure(range: number): number {
      return range >= cutOff ? N_C * (category / range) ** 5 : Infinity;
    },
  };
}

// AASHTO LRFD Bridge Design Specifications, Table 6.6.1.2.5-1 (detail category
// constant A) and Table 6.6.1.2.5-3 (constant-amplitude fatigue threshold (ΔF)TH), US units as
// printed; MPa values converted with 1 ksi = 6.894757 MPa (they agree with the SI edition's
// 82.0·10¹¹ MPa³ ... 1.28·10¹¹ MPa³ and 165 ... 17.9 MPa).
export const AASHTO_TABLE = {
  A: { aKsi3: 250.0e8, thresholdKsi: 24.0 },
  B: { aKsi3: 120.0e8, thresholdKsi: 16.0 },
  "B'": { aKsi3: 61.0e8, thresholdKsi: 12.0 },
  C: { aKsi3: 44.0e8, thresholdKsi: 10.0 },
  "C'": { aKsi3: 44.0e8, thresholdKsi: 12.0 },
  D: { aKsi3: 22.0e8, thresholdKsi: 7.0 },
  E: { aKsi3: 11.0e8, thresholdKsi: 4.5 },
  "E'": { aKsi3: 3.9e8, thresholdKsi: 2.6 },
} as const;
export type AashtoCategory = keyof typeof AASHTO_TABLE;
export const AASHTO_CATEGORIES = Object.keys(AASHTO_TABLE) as AashtoCategory[];

export const MPA_PER_KSI = 6.894757;

export interface AashtoCurve extends SnCurve {
  readonly category: AashtoCategory;
  /** A in MPa³: N = A / Δσ³. */
  readonly constantMpa3: number;
  /** Constant-amplitude fatigue threshold (ΔF)TH in MPa. */
  readonly threshold: number;
}

/**
 * AASHTO's finite-life line N = A/Δσ³, slope 3. Under variable amplitude the line is extended
 * below the constant-amplitude threshold (no cut-off), as the Manual for Bridge Evaluation's
 * fatigue evaluation (§7.2) does once any range exceeds the threshold: conservative. The
 * threshold is kept for the infinite-life check (largest range under it: no fatigue concern).
 */
export function aashtoCurve(category: AashtoCategory): AashtoCurve {
  const row = AASHTO_TABLE[category];
  if (row === undefined) throw new RangeError(`unknown AASHTO detail category ${category}`);
  const constantMpa3 = row.aKsi3 * MPA_PER_KSI ** 3;
  return {
    name: `AASHTO ${category}`,
    category,
    constantMpa3,
    threshold: row.thresholdKsi * MPA_PER_KSI,
    rangeAt2M: Math.cbrt(constantMpa3 / TWO_MILLION),
    cyclesToFailure(range: number): number {
      return range > 0 ? constantMpa3 / range ** 3 : Infinity;
    },
  };
}

/**
 * A curve by its stored name: 'EC3 71', 'EC3 shear 100' or 'AASHTO C' (what a fatigue detail
 * keeps).
 */
export function snCurveByName(name: string): SnCurve {
  const eurocode = /^EC3 (\d+)$/.exec(name);
  if (eurocode) return eurocodeCurve(Number(eurocode[1]) as EurocodeCategory);
  const shear = /^EC3 shear (\d+)$/.exec(name);
  if (shear) return eurocodeShearCurve(Number(shear[1]) as EurocodeShearCategory);
  const aashto = /^AASHTO (A|B|B'|C|C'|D|E|E')$/.exec(name);
  if (aashto) return aashtoCurve(aashto[1] as AashtoCategory);
  throw new RangeError(
    `unknown S-N curve '${name}' (expected 'EC3 36'…'EC3 160', 'EC3 shear 80', 'EC3 shear 100' or 'AASHTO A'…"AASHTO E'")`,
  );
}
