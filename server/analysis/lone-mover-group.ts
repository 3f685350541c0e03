import { DATA_TYPE_UNITS } from '../../domain/enums.ts';
import { LIMIT_WINDOW_MS } from '../analytics/limit-breaches.ts';
import type { FoundSensorFault } from '../repositories/sensor-faults-repository.ts';
import { DAY_MS } from './analysis-rules.ts';
import type { BridgeStream } from './bridge-streams.ts';
import { loneMovers, type LoneMoverNaming, type LoneMoverOptions } from './lone-mover-check.ts';

/**
 * The rule chosen on the tuning seeds by the plan of decision 048's amendment of 2026-12-02
 * (`tests/bench/sensor-lone-mover-bench.ts`): K days of reference, Z, a.
 */
export const LONE_MOVER_RULE = { referenceDays: 6, z: 4, othersFraction: 1 } as const;
/** The span of 10-minute means read per gauge of a group: K days of reference and the day judged. */
export const LONE_MOVER_SPAN_DAYS = LONE_MOVER_RULE.referenceDays + 1;
const WINDOWS_PER_DAY = DAY_MS / LIMIT_WINDOW_MS;
const WINDOWS_PER_HOUR = 3_600_000 / LIMIT_WINDOW_MS;
const OPTIONS: LoneMoverOptions = {
  ...LONE_MOVER_RULE,
  windowsPerDay: WINDOWS_PER_DAY,
  runWindows: WINDOWS_PER_HOUR,
  minReferenceWindows: 2 * WINDOWS_PER_DAY,
  windowHours: 1 / WINDOWS_PER_HOUR,
};

/**
 * Groups of three or more streams that are all twins of one another: a stream with its twins,
 * kept when each of them names all the others too (twins are not transitive along a girder).
 */
export function twinGroups(twins: ReadonlyMap<number, readonly number[]>): number[][] {
  const groups = new Map<string, number[]>();
  for (const [id, others] of twins) {
    const group = [id, ...others].sort((a, b) => a - b);
    if (group.length < 3) continue;
    const mutual = group.every((m) =>
      group.every((o) => o === m || (twins.get(m) ?? []).includes(o)),
    );
    if (mutual) groups.set(group.join(','), group);
  }
  return [...groups.values()];
}

/**
 * The groups the rule judges among `streams` (their twins in `twins`). A stream already faulted
 * by its own checks stays in its group: its readings before the fault's onset still witness the
 * others (`groupFaults` leaves out the rest).
 */
export function judgedGroups(
  streams: readonly BridgeStream[],
  twins: ReadonlyMap<number, readonly number[]>,
): BridgeStream[][] {
  const byId = new Map(streams.map((s) => [s.id, s]));
  const kept = new Map(
    [...twins]
      .filter(([id]) => byId.has(id))
      .map(([id, others]) => [id, others.filter((o) => byId.has(o))] as const),
  );
  return twinGroups(kept).map((group) => group.flatMap((id) => byId.get(id) ?? []));
}

export interface GroupMember {
  stream: BridgeStream;
  /** Its 10-minute means over the span read, from `from`. */
  means: readonly number[];
  /** The onset of a fault its own checks found: its readings from then on are not believed. */
  faultOnsetMs?: number;
}

const signed = (value: number, digits: number) =>
  `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(digits)}`;

function reason(naming: LoneMoverNaming, unit: string, others: readonly GroupMember[]): string {
  const moved =
    naming.kind === 'offset'
      ? `stepped by ${signed(naming.size, 1)} ${unit}`
      : `drifting at ${signed(naming.size, 1)} ${unit}/h`;
  return (
    `${moved} against its co-located group (${others.map((m) => m.stream.streamId).join(', ')}), ` +
    `which agree among themselves: this gauge alone moved`
  );
}

/** A member's means with its faulted windows (from its fault's onset) unknown. */
function believed(member: GroupMember, from: number): readonly number[] {
  if (member.faultOnsetMs === undefined) return member.means;
  const first = Math.max(0, Math.floor((member.faultOnsetMs - from) / LIMIT_WINDOW_MS));
  return member.means.map((m, i) => (i < first ? m : Number.NaN));
}

/**
 * One group's lone movers (decision 048, amendments 2026-12-02): a gauge named by the rule within
 * the last day of the span read, or named earlier in it and still apart from the group at its
 * end, is a sensor fault (offset or drift) of that gauge alone, worded in its unit and naming the
 * group; a group first evaluated days after a step names it all the same. A member faulted by its
 * own checks witnesses up to its fault's onset and is not named again; after the onset two
 * believed gauges remain, which cannot say which moved (the twin residual check judges them as a
 * pair). Pure: the members' means in, the faults out.
 */
export function groupFaults(members: readonly GroupMember[], from: number): FoundSensorFault[] {
  const lastDay = (members[0]?.means.length ?? 0) - WINDOWS_PER_DAY;
  const named = new Set<number>();
  const found: FoundSensorFault[] = [];
  const means = members.map((m) => believed(m, from));
  for (const naming of loneMovers(means, OPTIONS)) {
    const member = members[naming.gauge];
    if (!member || member.faultOnsetMs !== undefined || named.has(member.stream.id)) continue;
    if (naming.namedWindow < lastDay && naming.endWindow !== null) continue;
    named.add(member.stream.id);
    found.push({
      datastreamId: member.stream.id,
      kind: naming.kind,
      onsetMs: from + naming.onsetWindow * LIMIT_WINDOW_MS,
      reason: reason(
        naming,
        DATA_TYPE_UNITS[member.stream.dataType],
        members.filter((m) => m.stream.id !== member.stream.id),
      ),
    });
  }
  return found;
}
