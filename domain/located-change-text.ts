import type { components } from '../openapi/schema';

// The located-change strip's caption (decision 059), shared by the Modes card and the monthly
// report (decision 076) so both say the same in the same words.

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

/** 'Largest change near 8.4 m from the span's start (0.0 m to 40.0 m), highest at …'. */
export function locatedChangeText(change: LocatedChangeFigures): string {
  const [from = 0, to = 0] = change.supports_m;
  const strongest = strongestSensor(change.sensors);
  const modes = `${change.modes_compared} ${change.modes_compared === 1 ? 'mode' : 'modes'}`;
  return (
    `Largest change near ${metres(change.location_m)} from the span's start (${metres(from)} ` +
    `to ${metres(to)})` +
    (strongest ? `, highest at ${strongest.stream_id} (${strongest.index.toFixed(1)})` : '') +
    `: the rise of each sensor's curvature over ${modes}, in units of its scatter over ` +
    `${change.reference_windows} reference windows. An index to say where to look first, not an alarm.`
  );
}

/** The strip's accessible name: where the change is largest. */
export const locatedChangeLabel = (change: LocatedChangeFigures) =>
  `Change along the deck: largest near ${metres(change.location_m)} from the span's start`;
