import { describe, expect, it } from 'vitest';
import { sensorStatusChanges } from '../../../server/db/schema.ts';
import { lateEvidenceCauses } from '../../../server/analysis/late-evidence-readers.ts';
import type { StoredSensorFault } from '../../../server/repositories/sensor-faults-repository.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { DAY_MS, START_MS } from './analysis-fixtures.ts';
import { strainBridge } from '../fatigue/strain-fixtures.ts';

const HOUR_MS = 3_600_000;
const BASELINE_END = new Date(START_MS + 30 * DAY_MS);

/** A fault of `stream` begun `hour` hours into the reference, found now. */
const fault = (stream: number, hour: number): StoredSensorFault => ({
  id: stream,
  datastreamId: stream,
  streamId: `blk-${stream}-str`,
  kind: 'offset',
  onsetMs: START_MS + hour * HOUR_MS,
  reason: 'stepped by 20.0 µε',
  detectedAt: new Date(),
  endedAt: null,
});

// Issue 30 (decisions 045 (j), 048; amended 2026-12-03 (h36)): a register rewritten in bulk may
// change hundreds of statuses inside a model's reference. The new version's reason names the
// oldest few and counts the rest, however many there are; one query reads them.
describe.each(drivers)('late evidence of a register rewritten in bulk (%s)', (kind) => {
  const t = setupTestApp(kind);

  it('names the oldest five changes and faults and counts the rest', async () => {
    const { bridge, sensor } = await strainBridge(t.services, 'Bulk Register Bridge', 'blk-str');
    const trainedAt = new Date(Date.now() - HOUR_MS);
    const db = t.services.database.db;
    // 400 changes entered now, each an hour apart from the reference's start.
    await db.insert(sensorStatusChanges).values(
      Array.from({ length: 400 }, (_, i) => ({
        sensorId: sensor.id,
        status: i % 2 === 0 ? 'maintenance' : 'active',
        effectiveAt: new Date(START_MS + (i + 1) * HOUR_MS),
        changedBy: 'bulk import',
      })),
    );
    // Entered before the training (it read it) and one after the reference: neither is late.
    await db.insert(sensorStatusChanges).values([
      {
        sensorId: sensor.id,
        status: 'faulty',
        effectiveAt: new Date(START_MS + 2 * DAY_MS),
        changedBy: 'earlier',
        recordedAt: new Date(trainedAt.getTime() - HOUR_MS),
      },
      {
        sensorId: sensor.id,
        status: 'faulty',
        effectiveAt: new Date(BASELINE_END.getTime() + HOUR_MS),
        changedBy: 'later',
      },
    ]);

    const causes = await lateEvidenceCauses({
      db,
      bridgeId: bridge.id,
      baselineEnd: BASELINE_END,
      trainedAt,
      faultsInForce: Array.from({ length: 12 }, (_, i) => fault(i + 1, i + 1)),
    });

    expect(causes).toEqual([
      "Retrained because the previous model learnt data from a sensor fault's span, found after " +
        'it was trained (blk-1-str: Offset step since 2026-04-01 01:00 UTC: stepped by 20.0 µε; ' +
        'blk-2-str: Offset step since 2026-04-01 02:00 UTC: stepped by 20.0 µε; ' +
        'blk-3-str: Offset step since 2026-04-01 03:00 UTC: stepped by 20.0 µε; ' +
        'blk-4-str: Offset step since 2026-04-01 04:00 UTC: stepped by 20.0 µε; ' +
        'blk-5-str: Offset step since 2026-04-01 05:00 UTC: stepped by 20.0 µε; and 7 more); ' +
        'this training leaves that span out.',
      "Retrained because a sensor's register status was changed for a time inside the previous " +
        "model's reference after it was trained (blk-str gauge: Under Maintenance from " +
        '2026-04-01 01:00 UTC; blk-str gauge: Active from 2026-04-01 02:00 UTC; blk-str gauge: ' +
        'Under Maintenance from 2026-04-01 03:00 UTC; blk-str gauge: Active from 2026-04-01 ' +
        '04:00 UTC; blk-str gauge: Under Maintenance from 2026-04-01 05:00 UTC; and 395 more); ' +
        'this training reads each stream by the status in force then.',
    ]);
  });

  it('finds nothing late before a model is trained, nor after a training that read it all', async () => {
    const { bridge, sensor } = await strainBridge(t.services, 'Quiet Register Bridge', 'qrb-str');
    const db = t.services.database.db;
    await db.insert(sensorStatusChanges).values({
      sensorId: sensor.id,
      status: 'maintenance',
      effectiveAt: new Date(START_MS + DAY_MS),
      changedBy: 'engineer',
    });
    const scope = { db, bridgeId: bridge.id, faultsInForce: [fault(1, 1)] };
    expect(await lateEvidenceCauses({ ...scope, baselineEnd: null, trainedAt: null })).toEqual([]);
    expect(
      await lateEvidenceCauses({
        ...scope,
        baselineEnd: BASELINE_END,
        trainedAt: new Date(Date.now() + HOUR_MS),
      }),
    ).toEqual([]);
  });
});
