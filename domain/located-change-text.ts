import type { components } from '../openapi/schema';

// The located-change strip's caption (decision 059), shared by the Modes card and the monthly
// report (decision 076) so both say the same in the same words. Since 076's amendment of
// 2026-12-01 a location is named only when the index stands out of the reference's own
// healthy scatter (its noise floor plus a margin); since its amendment of 2026-12-02 only once
// the newest windows agree on it (a candidate until then, said so in plain words).

/** The located-change answer (the contract's LocatedChange). */
export type LocatedChangeFigures = components['schemas']['LocatedChange'];

const metres = (m: number) => `${m.toFixed(1)} m`;

/** The sensor where the index is highest; undefined without sensors. */
export function strongestSensor<S extends { index: number }>(sensors: readonly S[]): S | undefined {
  return sensors.reduce<S | undefined>(
    (best, s) => (best === undefined || s.index > best.index ? s : best),
    undefined,
  );
}

const windows = (n: number) => `${n} reference ${n === 1 ? 'window' : 'windows'}`;

/** 'Largest change near 8.4 m …' or 'No change along the deck beyond the healthy scatter …'. */
export function locatedChangeText(change: LocatedChangeFigures): string {
  const [from = 0, to = 0] = change.supports_m;
  const strongest = strongestSensor(change.sensors);
  const modes = `${change.modes_compared} ${change.modes_compared === 1 ? 'mode' : 'modes'}`;
  const highest = strongest
    ? `highest at ${strongest.stream_id} (${strongest.index.toFixed(1)})`
    : 'no sensor';
  const floor =
    `the healthy scatter's ${change.threshold.toFixed(1)} (the highest index of the ` +
    `${windows(change.reference_windows)} each compared with the others, ` +
    `${change.noise_floor.toFixed(1)}, plus a margin)`;
  const what =
    `the rise of each sensor's curvature over ${modes}, in units of its scatter over ` +
    `${windows(change.reference_windows)}.`;
  const { agreeing, of, needed } = change.persistence;
  const named = `named there by ${agreeing} of the newest ${of} ${of === 1 ? 'window' : 'windows'}`;
  if (change.location_m === null && change.candidate_m !== null) {
    return (
      `Candidate near ${metres(change.candidate_m)} from the span's start (${metres(from)} ` +
      `to ${metres(to)}), not yet persistent: ${named}, and ${needed} must agree before it is ` +
      `reported as a location. It is ${highest}, above ${floor}: ${what}`
    );
  }
  if (change.location_m === null) {
    return (
      `No change along the deck beyond the healthy scatter of ${windows(change.reference_windows)}: ` +
      `${highest}, below ${floor}. The index is ${what}`
    );
  }
  return (
    `Largest change near ${metres(change.location_m)} from the span's start (${metres(from)} ` +
    `to ${metres(to)}), ${named}, ${highest}, above ${floor}: ${what} ` +
    `An index to say where to look first, not an alarm.`
  );
}

/** The strip's accessible name: where the change is largest, a candidate, or that nothing stands out. */
export function locatedChangeLabel(change: LocatedChangeFigures): string {
  if (change.location_m !== null) {
    return `Change along the deck: largest near ${metres(change.location_m)} from the span's start`;
  }
  if (change.candidate_m !== null) {
    return `Change along the deck: candidate near ${metres(change.candidate_m)} from the span's start, not yet persistent`;
  }
  return `Change along the deck: nothing stands out of the healthy scatter of ${windows(change.reference_windows)}`;
}
