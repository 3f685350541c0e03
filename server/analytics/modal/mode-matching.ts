import { realMac } from './mode-shape.ts';

/** A mode's frequency and its real shape, keyed by channel (a data stream's id). */
export interface KeyedMode {
  frequencyHz: number;
  shape: ReadonlyMap<number, number>;
}

export interface ModeMatch {
  /** Index of the reference mode matched, null when none qualifies. */
  reference: number | null;
  mac: number | null;
}

export interface MatchTolerances {
  /** Largest |f − f_ref|/f_ref: beyond the environmental swing, a different mode. */
  maxFrequencyChange: number;
  /** Least MAC with the reference shape (decision 046's pairing threshold). */
  minMac: number;
  /** Least channels both shapes hold for a MAC to mean anything. */
  minCommonChannels: number;
}

/**
 * 20 %: the Z24 bridge's first frequency rose by about 15 % between warm days and frost
 * (Peeters & De Roeck 2001, Earthquake Eng. Struct. Dyn. 30:149), the largest environmental
 * swing we know of; MAC 0.8 as decision 046 pairs shapes; 3 channels, as a shape needs.
 */
export const DEFAULT_MATCH_TOLERANCES: MatchTolerances = {
  maxFrequencyChange: 0.2,
  minMac: 0.8,
  minCommonChannels: 3,
};

/** MAC over the channels both shapes hold; null with fewer than `least` in common. */
export function keyedMac(
  a: ReadonlyMap<number, number>,
  b: ReadonlyMap<number, number>,
  least: number,
): number | null {
  const left: number[] = [];
  const right: number[] = [];
  for (const [channel, value] of a) {
    const other = b.get(channel);
    if (other === undefined) continue;
    left.push(value);
    right.push(other);
  }
  return left.length >= least ? realMac(left, right) : null;
}

/**
 * Each identified mode paired with at most one reference mode and each reference mode with at
 * most one identified mode, closest pairs first by the distance |Δf|/f + (1 − MAC) of the pole
 * clustering (decision 029). Only pairs within both tolerances qualify, so a reference mode
 * with no qualifying partner is lost: it is never replaced by the nearest peak.
 */
export function matchToReference(
  reference: readonly KeyedMode[],
  found: readonly KeyedMode[],
  tolerances: MatchTolerances = DEFAULT_MATCH_TOLERANCES,
): { matches: ModeMatch[]; lost: number[] } {
  const candidates: { r: number; f: number; mac: number; distance: number }[] = [];
  reference.forEach((ref, r) => {
    found.forEach((mode, f) => {
      const change = Math.abs(mode.frequencyHz - ref.frequencyHz) / ref.frequencyHz;
      if (change > tolerances.maxFrequencyChange) return;
      const mac = keyedMac(ref.shape, mode.shape, tolerances.minCommonChannels);
      if (mac === null || mac < tolerances.minMac) return;
      candidates.push({ r, f, mac, distance: change + (1 - mac) });
    });
  });
  candidates.sort((a, b) => a.distance - b.distance);
  const matches: ModeMatch[] = found.map(() => ({ reference: null, mac: null }));
  const taken = new Set<number>();
  for (const pair of candidates) {
    if (taken.has(pair.r) || matches[pair.f]?.reference !== null) continue;
    taken.add(pair.r);
    matches[pair.f] = { reference: pair.r, mac: pair.mac };
  }
  const lost = reference.flatMap((_, r) => (taken.has(r) ? [] : [r]));
  return { matches, lost };
}
