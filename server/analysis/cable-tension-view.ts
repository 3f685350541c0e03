import { and, desc, eq } from 'drizzle-orm';
import type { Schemas } from '../contract-types.ts';
import type { Db } from '../db/client.ts';
import { cableTensions } from '../db/schema.ts';
import { cablesOfBridge, referenceTensionKn } from './cable-tension-step.ts';

/** Windows in a cable's history at most: two weeks of 10-minute windows. */
export const MAX_CABLE_HISTORY_WINDOWS = 2016;

type Point = Schemas['CableTensionPoint'];

const kn = (n: number | null) => (n === null ? null : n / 1000);

function pointOf(row: typeof cableTensions.$inferSelect): Point {
  return {
    window_start: row.windowStart.toISOString(),
    tension_kn: kn(row.tensionN),
    uncertainty_kn: kn(row.uncertaintyN),
    harmonics: row.harmonics.length,
    fundamental_hz: row.harmonics.find((h) => h.order === 1)?.frequency_hz ?? null,
    note: row.note,
  };
}

/**
 * A bridge's cables and their tension as the API answers them (decision 079): per cable the
 * newest MAX_CABLE_HISTORY_WINDOWS windows, oldest first, the newest with a tension, and the
 * reference in force. Bounded by the cables of a bridge (cable-tension-step.ts's MAX_CABLES).
 */
export function createCableTensionView(db: Db) {
  return {
    async ofBridge(bridgeId: number): Promise<Schemas['CableTensions']> {
      const cables = await cablesOfBridge(db, bridgeId);
      const answer: Schemas['CableTensionSeries'][] = [];
      for (const cable of cables) {
        const rows = await db
          .select()
          .from(cableTensions)
          .where(
            and(eq(cableTensions.bridgeId, bridgeId), eq(cableTensions.sensorId, cable.sensorId)),
          )
          .orderBy(desc(cableTensions.windowStart))
          .limit(MAX_CABLE_HISTORY_WINDOWS);
        const history = rows.reverse().map(pointOf);
        const latest = [...history].reverse().find((p) => p.tension_kn !== null) ?? null;
        answer.push({
          sensor: cable.sensorId,
          sensor_id: cable.label,
          stream_id: cable.streamId,
          cable: cable.cable,
          reference_tension_kn: await referenceTensionKn(db, cable.sensorId, cable.cable),
          latest,
          history,
        });
      }
      return { cables: answer };
    },
  };
}

export type CableTensionView = ReturnType<typeof createCableTensionView>;
