import { mac } from './mode-shape.ts';
import type { Pole } from './ssi-cov.ts';

/**
 * Distance between two poles, d = |f₁ − f₂|/max(f₁, f₂) + (1 − MAC), as in the automated OMA of
 * Magalhães, Cunha & Caetano (2009) and the clustering stage of Reynders, Houbrechts & De Roeck
 * (2012): poles of one mode are close in frequency and shape at every order.
 */
export function poleDistance(a: Pole, b: Pole): number {
  const df = Math.abs(a.frequencyHz - b.frequencyHz) / Math.max(a.frequencyHz, b.frequencyHz);
  return df + 1 - mac(a.shape, b.shape);
}

/**
 * Agglomerative hierarchical clustering with average linkage, cut at `cutoff`. Since d ≥ the
 * relative frequency gap, poles further apart in frequency than the cutoff can never join (an
 * average of distances above the cutoff stays above it), so the frequency-sorted poles are first
 * split at such gaps and each small group is clustered on its own: near linear overall instead
 * of cubic in the number of poles.
 */
export function clusterPoles<T extends Pole>(poles: readonly T[], cutoff: number): T[][] {
  const sorted = [...poles].sort((a, b) => a.frequencyHz - b.frequencyHz);
  const groups: T[][] = [];
  let group: T[] = [];
  for (const pole of sorted) {
    const last = group[group.length - 1];
    if (last && (pole.frequencyHz - last.frequencyHz) / pole.frequencyHz > cutoff) {
      groups.push(group);
      group = [];
    }
    group.push(pole);
  }
  if (group.length > 0) groups.push(group);
  return groups.flatMap((members) => averageLinkage(members, cutoff));
}

function averageLinkage<T extends Pole>(poles: readonly T[], cutoff: number): T[][] {
  const n = poles.length;
  // Sum of pairwise distances between clusters; average = sum / (size_i · size_j).
  const sums: number[][] = poles.map((a) => poles.map((b) => poleDistance(a, b)));
  const clusters: (T[] | null)[] = poles.map((pole) => [pole]);
  for (;;) {
    let best = Number.POSITIVE_INFINITY;
    let bi = -1;
    let bj = -1;
    for (let i = 0; i < n; i += 1) {
      const ci = clusters[i];
      if (!ci) continue;
      for (let j = i + 1; j < n; j += 1) {
        const cj = clusters[j];
        if (!cj) continue;
        const average = (sums[i]?.[j] ?? 0) / (ci.length * cj.length);
        if (average < best) {
          best = average;
          bi = i;
          bj = j;
        }
      }
    }
    if (bi < 0 || best > cutoff) break;
    const merged = [...(clusters[bi] ?? []), ...(clusters[bj] ?? [])];
    clusters[bi] = merged;
    clusters[bj] = null;
    const rowI = sums[bi] ?? [];
    const rowJ = sums[bj] ?? [];
    for (let k = 0; k < n; k += 1) {
      const combined = (rowI[k] ?? 0) + (rowJ[k] ?? 0);
      rowI[k] = combined;
      const rowK = sums[k];
      if (rowK) rowK[bi] = combined;
    }
  }
  return clusters.filter((cluster): cluster is T[] => cluster !== null);
}
