import { realMac } from './mode-shape.ts';

/** Modes of one state: frequencies and real shapes at the sensors (mode × sensor). */
export interface ModeSet {
  frequenciesHz: readonly number[];
  shapes: readonly (readonly number[])[];
}

export interface DamageIndices {
  /** Coordinate MAC per sensor (Lieven & Ewins 1988): 1 where the shapes agree. */
  comac: number[];
  /** Σ over modes of |Δ curvature| per sensor (Pandey, Biswas & Samman 1991). */
  curvatureChange: number[];
  /** |Δ curvature| of the uniform-load surface of the modal flexibility, per sensor. */
  flexibilityChange: number[];
  /** Reference modes paired with a changed mode (MAC ≥ minMac), by index. */
  pairs: [number, number][];
  /** The likely location (m): the curvature-change peak refined between sensors. */
  curvatureLocationM: number;
  flexibilityLocationM: number;
}

/**
 * Damage located along a span from the mode shapes of a reference and a changed state.
 * `sensorsM` are the positions along the span; `supportsM` the points of zero deflection at the
 * span's ends (a simply supported or continuous span's supports), which close the curvature's
 * central differences at the ends. Shapes are scaled to unit length and their sign aligned, so
 * only their form is compared; the modal flexibility uses them as if mass-normalised, right up to
 * one factor for a deck of even mass and evenly spaced sensors, the same in both states
 * (Pandey & Biswas 1994; its uniform-load surface curvature, Zhang & Aktan 1998).
 */
export function damageIndices(
  reference: ModeSet,
  changed: ModeSet,
  sensorsM: readonly number[],
  supportsM: readonly [number, number],
  minMac = 0.8,
): DamageIndices {
  const n = sensorsM.length;
  const pairs = pairModes(reference.shapes, changed.shapes, minMac);
  const comacTop = new Array<number>(n).fill(0);
  const refSquares = new Array<number>(n).fill(0);
  const changedSquares = new Array<number>(n).fill(0);
  const curvatureChange = new Array<number>(n).fill(0);
  const refLoad = new Array<number>(n).fill(0);
  const changedLoad = new Array<number>(n).fill(0);
  for (const [r, c] of pairs) {
    const a = unit(reference.shapes[r] ?? []);
    const b = alignedUnit(a, changed.shapes[c] ?? []);
    const ka = curvature(a, sensorsM, supportsM);
    const kb = curvature(b, sensorsM, supportsM);
    const wa = (2 * Math.PI * (reference.frequenciesHz[r] ?? 1)) ** 2;
    const wb = (2 * Math.PI * (changed.frequenciesHz[c] ?? 1)) ** 2;
    const sumA = a.reduce((s, v) => s + v, 0);
    const sumB = b.reduce((s, v) => s + v, 0);
    for (let j = 0; j < n; j += 1) {
      comacTop[j] = (comacTop[j] ?? 0) + Math.abs((a[j] ?? 0) * (b[j] ?? 0));
      refSquares[j] = (refSquares[j] ?? 0) + (a[j] ?? 0) ** 2;
      changedSquares[j] = (changedSquares[j] ?? 0) + (b[j] ?? 0) ** 2;
      curvatureChange[j] = (curvatureChange[j] ?? 0) + Math.abs((kb[j] ?? 0) - (ka[j] ?? 0));
      // Uniform-load surface F·1 = Σ φ (φᵀ1)/ω².
      refLoad[j] = (refLoad[j] ?? 0) + ((a[j] ?? 0) * sumA) / wa;
      changedLoad[j] = (changedLoad[j] ?? 0) + ((b[j] ?? 0) * sumB) / wb;
    }
  }
  const comac = comacTop.map(
    (top, j) => top ** 2 / ((refSquares[j] ?? 0) * (changedSquares[j] ?? 0) || 1),
  );
  const ka = curvature(refLoad, sensorsM, supportsM);
  const kb = curvature(changedLoad, sensorsM, supportsM);
  const flexibilityChange = ka.map((v, j) => Math.abs((kb[j] ?? 0) - v));
  return {
    comac,
    curvatureChange,
    flexibilityChange,
    pairs,
    curvatureLocationM: peakPosition(curvatureChange, sensorsM),
    flexibilityLocationM: peakPosition(flexibilityChange, sensorsM),
  };
}

/**
 * Each reference shape paired with the changed shape of highest MAC ≥ minMac not yet taken,
 * reference modes in order: [reference index, changed index].
 */
export function pairModes(
  reference: readonly (readonly number[])[],
  changed: readonly (readonly number[])[],
  minMac: number,
): [number, number][] {
  const pairs: [number, number][] = [];
  reference.forEach((shape, r) => {
    let best = -1;
    let bestMac = minMac;
    changed.forEach((other, c) => {
      const value = realMac(shape, other);
      if (value >= bestMac && !pairs.some(([, used]) => used === c)) {
        best = c;
        bestMac = value;
      }
    });
    if (best >= 0) pairs.push([r, best]);
  });
  return pairs;
}

/** The shape scaled to unit length. */
export function unit(shape: readonly number[]): number[] {
  const norm = Math.sqrt(shape.reduce((s, v) => s + v * v, 0)) || 1;
  return shape.map((v) => v / norm);
}

/** The shape scaled to unit length, its sign turned to agree with `base`. */
export function alignedUnit(base: readonly number[], shape: readonly number[]): number[] {
  const b = unit(shape);
  return base.reduce((s, v, i) => s + v * (b[i] ?? 0), 0) < 0 ? b.map((v) => -v) : b;
}

/** Second differences on uneven spacing, the supports' zero deflection closing both ends. */
export function curvature(
  shape: readonly number[],
  sensorsM: readonly number[],
  supportsM: readonly [number, number],
): number[] {
  const x = [supportsM[0], ...sensorsM, supportsM[1]];
  const y = [0, ...shape, 0];
  return sensorsM.map((_, j) => {
    const i = j + 1;
    const hMinus = (x[i] ?? 0) - (x[i - 1] ?? 0);
    const hPlus = (x[i + 1] ?? 0) - (x[i] ?? 0);
    const slopePlus = ((y[i + 1] ?? 0) - (y[i] ?? 0)) / hPlus;
    const slopeMinus = ((y[i] ?? 0) - (y[i - 1] ?? 0)) / hMinus;
    return (2 * (slopePlus - slopeMinus)) / (hPlus + hMinus);
  });
}

/** The largest index's sensor, moved towards the larger neighbour by a parabola through three. */
export function peakPosition(index: readonly number[], sensorsM: readonly number[]): number {
  let peak = 0;
  index.forEach((v, j) => {
    if (v > (index[peak] ?? 0)) peak = j;
  });
  const left = index[peak - 1];
  const right = index[peak + 1];
  const centre = index[peak] ?? 0;
  if (left === undefined || right === undefined) return sensorsM[peak] ?? 0;
  const denominator = left - 2 * centre + right;
  const offset =
    denominator < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (left - right)) / denominator)) : 0;
  const spacing = ((sensorsM[peak + 1] ?? 0) - (sensorsM[peak - 1] ?? 0)) / 2;
  return (sensorsM[peak] ?? 0) + offset * spacing;
}
