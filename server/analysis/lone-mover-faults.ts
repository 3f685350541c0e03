import type { Db } from '../db/client.ts';
import type { FoundSensorFault } from '../repositories/sensor-faults-repository.ts';
import { DAY_MS } from './analysis-rules.ts';
import type { BridgeStream } from './bridge-streams.ts';
import { groupFaults, judgedGroups, LONE_MOVER_SPAN_DAYS } from './lone-mover-group.ts';
import { loadStreamTwins } from './stream-twins.ts';
import { slotMeans } from './window-means.ts';

/**
 * Lone movers among co-located strain gauges (decision 048, amendments 2026-12-02), in each group
 * of three or more twins (`lone-mover-group.ts`). `singledOut`: data stream id → the earliest
 * onset of a fault its own checks found (its readings from then on are left out). Reads K + 1
 * days of 10-minute means per gauge of a group (about 1,000 numbers).
 */
export async function loneMoverFaults(
  db: Db,
  streams: readonly BridgeStream[],
  end: number,
  singledOut: ReadonlyMap<number, number>,
): Promise<FoundSensorFault[]> {
  const strain = streams.filter((s) => s.dataType === 'strain');
  if (strain.length < 3) return [];
  const from = end - LONE_MOVER_SPAN_DAYS * DAY_MS;
  const found: FoundSensorFault[] = [];
  for (const group of judgedGroups(strain, await loadStreamTwins(db, strain))) {
    const means = await Promise.all(group.map((m) => slotMeans(db, m.id, from, end)));
    const members = group.map((stream, i) => {
      const faultOnsetMs = singledOut.get(stream.id);
      return {
        stream,
        means: means[i] ?? [],
        ...(faultOnsetMs === undefined ? {} : { faultOnsetMs }),
      };
    });
    found.push(...groupFaults(members, from));
  }
  return found;
}
