/** A complex mode shape, one entry per channel. */
export interface ComplexShape {
  re: Float64Array;
  im: Float64Array;
}

/**
 * Modal assurance criterion |φ₁ᴴφ₂|² / ((φ₁ᴴφ₁)(φ₂ᴴφ₂)) (Allemang & Brown 1982): 1 for the same
 * shape up to a complex factor, 0 for orthogonal shapes.
 */
export function mac(a: ComplexShape, b: ComplexShape): number {
  let crossRe = 0;
  let crossIm = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.re.length; i += 1) {
    const aRe = a.re[i] ?? 0;
    const aIm = a.im[i] ?? 0;
    const bRe = b.re[i] ?? 0;
    const bIm = b.im[i] ?? 0;
    crossRe += aRe * bRe + aIm * bIm;
    crossIm += aRe * bIm - aIm * bRe;
    aa += aRe * aRe + aIm * aIm;
    bb += bRe * bRe + bIm * bIm;
  }
  return aa > 0 && bb > 0 ? (crossRe * crossRe + crossIm * crossIm) / (aa * bb) : 0;
}

/** MAC of two real shapes. */
export function realMac(a: readonly number[], b: readonly number[]): number {
  return mac(
    { re: Float64Array.from(a), im: new Float64Array(a.length) },
    { re: Float64Array.from(b), im: new Float64Array(b.length) },
  );
}

/** The 2×2 scatter of the real and imaginary parts and its eigenvalues, largest first. */
function scatter(shape: ComplexShape): {
  sxx: number;
  syy: number;
  sxy: number;
  major: number;
  minor: number;
} {
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < shape.re.length; i += 1) {
    const x = shape.re[i] ?? 0;
    const y = shape.im[i] ?? 0;
    sxx += x * x;
    syy += y * y;
    sxy += x * y;
  }
  const half = (sxx + syy) / 2;
  const radius = Math.sqrt(((sxx - syy) / 2) ** 2 + sxy * sxy);
  return { sxx, syy, sxy, major: half + radius, minor: half - radius };
}

/**
 * Modal phase collinearity ((λ₁ − λ₂)/(λ₁ + λ₂))², λ the eigenvalues of the scatter matrix of the
 * shape's real and imaginary parts (Pappa, Elliott & Schenk 1993, in the form of Reynders,
 * Houbrechts & De Roeck 2012): 1 when all entries are in phase or in antiphase, as a classically
 * damped structure's modes are; low for the complex shapes of noise poles.
 */
export function modalPhaseCollinearity(shape: ComplexShape): number {
  const { major, minor } = scatter(shape);
  const total = major + minor;
  return total > 0 ? ((major - minor) / total) ** 2 : 0;
}

/**
 * The real shape closest to the complex one: rotated onto the principal axis of its scatter,
 * real part kept, scaled so the largest magnitude is 1 and positive.
 */
export function realNormalised(shape: ComplexShape): number[] {
  const { sxx, syy, sxy } = scatter(shape);
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const real = Array.from(shape.re, (x, i) => x * c + (shape.im[i] ?? 0) * s);
  let largest = 0;
  for (const value of real) if (Math.abs(value) > Math.abs(largest)) largest = value;
  return largest === 0 ? real : real.map((value) => value / largest);
}
