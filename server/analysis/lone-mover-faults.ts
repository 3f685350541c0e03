import { LIMIT_WINDOW_MS } from '../analytics/limit-breaches.ts';
import type { Db } from '../db/client.ts';
import type { FoundSensorFault } from '../repositories/sensor-faults-repository.ts';
import { DAY_MS } from './analysis-rules.ts';
import type { BridgeStream } from './bridge-streams.ts';
import { loneMovers, type LoneMoverOptions } from './lone-mover-check.ts';
import { loadStreamTwins } from './stream-twins.ts';
import { slotMeans } from './window-means.ts';

/**
 * The rule chosen on the tuning seeds by the plan of decision 048's amendment of 2026-12-02
 * (`tests/bench/sensor-lone-mover-bench.ts`): K days of reference, Z, a.
 */
export const LONE_MOVER_RULE = { referenceDays: 6, z: 4, othersFraction: 1 } as const;
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

const signed = (value: number, digits: number) =>
  `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(digits)}`;

/**
 * Lone movers among co-located strain gauges (decision 048, amendment 2026-12-02): in each group
 * of three or more twins not already faulted by their own checks, a gauge named by the rule
 * within the last day is a sensor fault (offset or drift) of that gauge alone, its words naming
 * the group. Reads K + 1 days of 10-minute means per gauge of a group (about 1,000 numbers).
 */
export async function loneMoverFaults(
  db: Db,
  streams: readonly BridgeStream[],
  end: number,
  ownFaults: ReadonlySet<number>,
): Promise<FoundSensorFault[]> {
  const strain = streams.filter((s) => s.dataType === 'strain' && !ownFaults.has(s.id));
  if (strain.length < 3) return [];
  const byId = new Map(strain.map((s) => [s.id, s]));
  const from = end - (LONE_MOVER_RULE.referenceDays + 1) * DAY_MS;
  const found: FoundSensorFault[] = [];
  for (const group of twinGroups(await loadStreamTwins(db, strain))) {
    const members = group.flatMap((id) => byId.get(id) ?? []);
    const means = await Promise.all(members.map((m) => slotMeans(db, m.id, from, end)));
    const lastDay = (means[0]?.length ?? 0) - WINDOWS_PER_DAY;
    const named = new Set<number>();
    for (const naming of loneMovers(means, OPTIONS)) {
      const gauge = members[naming.gauge];
      if (!gauge || naming.namedWindow < lastDay || named.has(gauge.id)) continue;
      named.add(gauge.id);
      const others = members.filter((m) => m.id !== gauge.id).map((m) => m.streamId);
      const moved =
        naming.kind === 'offset'
          ? `stepped by ${signed(naming.size, 1)} ${UNIT}`
          : `drifting at ${signed(naming.size, 1)} ${UNIT}/h`;
      found.push({
        datastreamId: gauge.id,
        kind: naming.kind,
        onsetMs: from + naming.onsetWindow * LIMIT_WINDOW_MS,
        reason:
          `${moved} against its co-located group (${others.join(', ')}), which agree among ` +
          `themselves: this gauge alone moved`,
      });
    }
  }
  return found;
}
