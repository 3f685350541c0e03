// Strain to stress, and the engineer's factors on a detail.
//
// Units: strain gauges report microstrain (µε, 1e-6 m/m), Young's modulus is given in GPa and
// stresses are in MPa, so σ [MPa] = E [GPa] · 1000 · ε [µε] · 1e-6 = E · ε / 1000.
// Steel: E = 200 GPa, so 100 µε is 20 MPa.

/** Default Young's modulus for structural steel, GPa (EN 1993-1-1 §3.2.6 uses 210; issue 19 200). */
export const STEEL_MODULUS_GPA = 200;

/** MPa of stress per microstrain for a modulus in GPa: the `scale` of a rainflow counter. */
export function mpaPerMicrostrain(modulusGpa: number): number {
  if (!(modulusGpa > 0) || !Number.isFinite(modulusGpa)) {
    throw new RangeError(`Young's modulus must be a positive number of GPa, got ${modulusGpa}`);
  }
  return modulusGpa / 1000;
}

/** σ = E·ε: stress in MPa from strain in microstrain and a modulus in GPa. */
export function stressFromStrain(microstrain: number, modulusGpa: number): number {
  return microstrain * mpaPerMicrostrain(modulusGpa);
}

/**
 * Factors an engineer sets on a detail. The histogram keeps the stress at the gauge (E·ε), so
 * changing a factor needs no recount: the damage sums apply them.
 */
export interface DetailFactors {
  /** Stress concentration factor Kf from the gauge's nominal stress to the detail (default 1). */
  stressConcentration?: number;
  /** Partial factor for fatigue loading γFf (EN 1993-1-9 §3, recommended 1.0; default 1.0). */
  gammaFf?: number;
  /** Partial factor for fatigue strength γMf (EN 1993-1-9 Table 3.1: 1.0 to 1.35; default 1.0). */
  gammaMf?: number;
}

/**
 * The factor on a gauge stress range before it meets the S-N curve: Kf · γFf · γMf. EN 1993-1-9
 * checks γFf·Δσ against ΔσC/γMf on every segment of the curve (ΔσD and ΔσL are divided by γMf
 * too), which is the same as multiplying the range by γFf·γMf against the unfactored curve.
 */
export function rangeFactor(factors: DetailFactors = {}): number {
  const kf = factors.stressConcentration ?? 1;
  const gammaFf = factors.gammaFf ?? 1;
  const gammaMf = factors.gammaMf ?? 1;
  for (const [name, value] of [
    ['stressConcentration', kf],
    ['gammaFf', gammaFf],
    ['gammaMf', gammaMf],
  ] as const) {
    if (!(value > 0) || !Number.isFinite(value)) {
      throw new RangeError(`${name} must be a positive number, got ${value}`);
    }
  }
  return kf * gammaFf * gammaMf;
}

/** Poisson's ratio of steel in the elastic range (EN 1993-1-1 §3.2.6). */
export const STEEL_POISSON = 0.3;

/** Shear modulus G = E / (2(1 + ν)) in GPa (EN 1993-1-1 §3.2.6: about 81 GPa for steel). */
export function shearModulusGpa(modulusGpa: number, poisson = STEEL_POISSON): number {
  return modulusGpa / (2 * (1 + poisson));
}
