import type { Db } from '../db/client.ts';
import { fatigueDetails } from '../db/schema.ts';

/**
 * Every demo strain gauge watches a fatigue detail (issue 19), a welded cover-plate end on the
 * girder (EN 1993-1-9 category 71) at 200 GPa, so the dashboard's Fatigue card has something
 * to show once the first days are counted.
 */
export async function seedDemoFatigueDetails(
  tx: Pick<Db, 'insert'>,
  streams: readonly { dataType: string; sensorId: number }[],
): Promise<void> {
  const gauges = streams.filter((s) => s.dataType === 'strain');
  if (gauges.length === 0) return;
  await tx.insert(fatigueDetails).values(
    gauges.map((g) => ({
      sensorId: g.sensorId,
      name: 'Girder cover-plate end',
      curve: 'EC3 71',
      alertLifeYears: 10,
    })),
  );
}
