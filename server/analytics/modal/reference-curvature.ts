import {
  alignedUnit,
  curvature,
  pairModes,
  peakPosition,
  unit,
  type ModeSet,
} from './damage-location.ts';

/** One reference mode's curvature at the sensors and how much it scatters between windows. */
export interface ReferenceCurvatureMode {
  /** Mean of the windows' unit shapes, sign-aligned, scaled to unit length: the changed
   * state's modes are paired with it by MAC. */
  shape: number[];
  /** Mean curvature per sensor over the windows. */
  curvature: number[];
  /** One window's curvature scatter, pooled over the sensors (standard deviation). */
  sigma: number;
  windows: number;
}

/** Windows a mode must be found in for its scatter to be estimated. */
export const MIN_REFERENCE_WINDOWS = 3;

/**
 * The reference state's mode-shape curvature from several windows (records of the reference
 * period, each identified alone) and its window-to-window scatter. The base is the window with
 * the most modes; a mode found (MAC ≥ minMac) in fewer than MIN_REFERENCE_WINDOWS is left out.
 * The scatter is pooled over the sensors, sqrt(mean of the per-sensor variances): with a handful
 * of windows a per-sensor variance is itself too uncertain to divide by (tuning trials, decision
 * 046, 2026-11-30).
 */
export function referenceCurvature(
  windows: readonly ModeSet[],
  sensorsM: readonly number[],
  supportsM: readonly [number, number],
  minMac = 0.8,
): ReferenceCurvatureMode[] {
  const base = [...windows].sort((a, b) => b.shapes.length - a.shapes.length)[0];
  if (!base) return [];
  const found = base.shapes.map((shape) => ({ base: unit(shape), shapes: [] as number[][] }));
  for (const window of windows) {
    for (const [r, c] of pairModes(base.shapes, window.shapes, minMac)) {
      const mode = found[r];
      if (mode) mode.shapes.push(alignedUnit(mode.base, window.shapes[c] ?? []));
    }
  }
  return found
    .filter((mode) => mode.shapes.length >= MIN_REFERENCE_WINDOWS)
    .map(({ shapes }) => {
      const curvatures = shapes.map((shape) => curvature(shape, sensorsM, supportsM));
      const mean = sensorsM.map(
        (_, j) => curvatures.reduce((s, k) => s + (k[j] ?? 0), 0) / curvatures.length,
      );
      const variance =
        sensorsM.reduce(
          (s, _, j) => s + curvatures.reduce((t, k) => t + ((k[j] ?? 0) - (mean[j] ?? 0)) ** 2, 0),
          0,
        ) /
        (sensorsM.length * (curvatures.length - 1));
      return {
        shape: unit(sensorsM.map((_, j) => shapes.reduce((s, v) => s + (v[j] ?? 0), 0))),
        curvature: mean,
        sigma: Math.sqrt(variance),
        windows: shapes.length,
      };
    });
}

export interface StandardisedCurvatureChange {
  /** Per sensor: Σ over paired modes of (|κ| − |κ_ref|)/(σ·√(1 + 1/W)). */
  index: number[];
  /** Where the index peaks (m), refined between sensors by a parabola. */
  locationM: number;
  /** [reference mode, changed mode] pairs used. */
  pairs: [number, number][];
}

/**
 * Damage located by the mode-shape curvature change (Pandey, Biswas & Samman 1991) standardised
 * by the reference's own window-to-window scatter, each mode weighted by the inverse of its
 * curvature's standard deviation, as a z-score (outlier analysis against a reference population,
 * Worden, Manson & Fieller 2000). Only a rise of |curvature| counts: curvature is
 * M/EI, so where a stiffness is lost the curvature grows for the same moment (Pandey et al. 1991;
 * Stubbs & Kim 1996 build their damage index on the same rise of modal strain energy), while
 * noise moves it either way. σ·√(1 + 1/W) is the scatter of one changed window around a mean of
 * W reference windows.
 */
export function standardisedCurvatureChange(
  reference: readonly ReferenceCurvatureMode[],
  changed: ModeSet,
  sensorsM: readonly number[],
  supportsM: readonly [number, number],
  minMac = 0.8,
): StandardisedCurvatureChange {
  const index = new Array<number>(sensorsM.length).fill(0);
  const pairs = pairModes(
    reference.map((mode) => mode.shape),
    changed.shapes,
    minMac,
  );
  for (const [r, c] of pairs) {
    const mode = reference[r];
    if (!mode || !(mode.sigma > 0)) continue;
    const scale = mode.sigma * Math.sqrt(1 + 1 / mode.windows);
    const k = curvature(alignedUnit(mode.shape, changed.shapes[c] ?? []), sensorsM, supportsM);
    k.forEach((value, j) => {
      index[j] = (index[j] ?? 0) + (Math.abs(value) - Math.abs(mode.curvature[j] ?? 0)) / scale;
    });
  }
  return { index, locationM: peakPosition(index, sensorsM), pairs };
}
