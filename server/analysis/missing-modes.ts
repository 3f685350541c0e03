import { at } from '../analytics/at.ts';

/** Share of tracked modes (features named `….fN`) not found, over the scored windows. */
export function missingModeRate(
  featureNames: readonly string[],
  windows: readonly { features: readonly number[] }[],
): number {
  const modes = featureNames.flatMap((name, j) => (/\.f\d+$/.test(name) ? [j] : []));
  const total = modes.length * windows.length;
  if (total === 0) return 0;
  const missing = windows.reduce(
    (sum, w) => sum + modes.filter((j) => !Number.isFinite(at(w.features, j))).length,
    0,
  );
  return missing / total;
}
