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
/** The rule's thresholds were judged on strain in µε. */
const UNIT = 'µε';

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
 * The groups the rule judges among `streams` (their twins in `twins`): a stream already faulted
 * by its own checks (`singledOut`: data stream id → the fault's onset) is out of its group.
 */
export function judgedGroups(
  streams: readonly BridgeStream[],
  twins: ReadonlyMap<number, readonly number[]>,
  singledOut: ReadonlyMap<number, number>,
): BridgeStream[][] {
  const byId = new Map(streams.filter((s) => !singledOut.has(s.id)).map((s) => [s.id, s]));
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
}

const signed = (value: number, digits: number) =>
  `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(digits)}`;

function reason(naming: LoneMoverNaming, others: readonly GroupMember[]): string {
  const moved =
    naming.kind === 'offset'
      ? `stepped by ${signed(naming.size, 1)} ${UNIT}`
      : `drifting at ${signed(naming.size, 1)} ${UNIT}/h`;
  return (
    `${moved} against its co-located group (${others.map((m) => m.stream.streamId).join(', ')}), ` +
    `which agree among themselves: this gauge alone moved`
  );
}

/**
 * One group's lone movers (decision 048, amendment 2026-12-02): a gauge named by the rule within
 * the last day of the span read is a sensor fault (offset or drift) of that gauge alone, its
 * words naming the group. Pure: the members' means in, the faults out.
 */
export function groupFaults(members: readonly GroupMember[], from: number): FoundSensorFault[] {
  const lastDay = (members[0]?.means.length ?? 0) - WINDOWS_PER_DAY;
  const named = new Set<number>();
  const found: FoundSensorFault[] = [];
  for (const naming of loneMovers(
    members.map((m) => m.means),
    OPTIONS,
  )) {
    const gauge = members[naming.gauge]?.stream;
    if (!gauge || naming.namedWindow < lastDay || named.has(gauge.id)) continue;
    named.add(gauge.id);
    found.push({
      datastreamId: gauge.id,
      kind: naming.kind,
      onsetMs: from + naming.onsetWindow * LIMIT_WINDOW_MS,
      reason: reason(
        naming,
        members.filter((m) => m.stream.id !== gauge.id),
      ),
    });
  }
  return found;
}
