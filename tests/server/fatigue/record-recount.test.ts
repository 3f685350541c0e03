import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recountBridgeStrain } from '../../../server/fatigue/day-recount.ts';
import { countBridgeStrain } from '../../../server/fatigue/strain-counting.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { sharedFixture } from '../../helpers/data-snapshot.ts';
import { DAY_MS, START_MS, storeStrain, strainBridge, trafficBlocks } from './strain-fixtures.ts';

const HOUR_MS = 3_600_000;
const at = (day: number, hour: number) => START_MS + day * DAY_MS + hour * HOUR_MS;
const iso = (ms: number) => new Date(ms).toISOString();
const dateOf = (day: number) => iso(at(day, 0)).slice(0, 10);

interface DayRow {
  day: string;
  bins: [number, number][];
  samples: number;
  excluded_samples: number;
  recounted: boolean;
}

/** Days 0-2, 09:00-11:00 at 5 Hz: 36,000 samples a day. */
const threeDays = (seed: number) =>
  [0, 1, 2].flatMap((day) => trafficBlocks(at(day, 9), at(day, 11), { seed: seed + day }));

// Issue 30, decision 045 amended 2026-12-02 (e): a maintenance or calibration record entered
// after the days it covers were counted makes those days be counted again with it, the stream
// of that gauge only, once.
describe.each(drivers)(
  'recounting days a later maintenance or calibration record covers (%s)',
  { timeout: 120_000 },
  (kind) => {
    const t = setupTestApp(kind);
    const db = () => t.services.database.db;

    async function days(datastreamId: number) {
      return rowsOf<DayRow>(
        await db().execute(sql`
        SELECT day::text AS day, bins, samples::float8 AS samples,
               excluded_samples::float8 AS excluded_samples, recounted_at IS NOT NULL AS recounted
        FROM fatigue_histograms WHERE datastream_id = ${datastreamId} ORDER BY day`),
      );
    }

    /** Two gauges on a bridge, both counted through day 2, nothing left out. */
    async function countedBridge(name: string) {
      const made = await strainBridge(t.services, name, `${name}-a`);
      const sensor = await t.services.sensors.create({
        bridgeId: made.bridge.id,
        spanId: made.span.id,
        label: `${name}-b gauge`,
        type: 'strain_gauge',
        status: 'active',
        installationDate: '2025-01-01',
      });
      const other = await t.services.datastreams.create({
        streamId: `${name}-b`,
        dataType: 'strain',
        sensorIds: [sensor.id],
      });
      await storeStrain(t.services, `${name}-a`, threeDays(41));
      await storeStrain(t.services, `${name}-b`, threeDays(51));
      await countBridgeStrain(db(), made.bridge.id, START_MS + 3 * DAY_MS);
      const counted = await days(made.datastreamId);
      expect(counted.map((d) => [d.samples, d.excluded_samples])).toEqual([
        [36_000, 0],
        [36_000, 0],
        [36_000, 0],
      ]);
      return {
        bridgeId: made.bridge.id,
        sensorId: made.sensor.id,
        stream: made.datastreamId,
        other: other.id,
        counted,
        otherCounted: await days(other.id),
      };
    }
    // Every test starts from the same two counted gauges: stored and counted once per database
    // (the counts checked then), then put back from their copy before each later test.
    const twoGauges = sharedFixture(
      () => t.services.database,
      'record-recount',
      () => countedBridge('works-span'),
    );

    it('recounts the days of works entered later without their samples, once, that gauge only', async () => {
      const made = await twoGauges();
      // Entered after day 2 was counted: the gauge was out of service on day 1, 09:30-10:00.
      await db().execute(sql`
        INSERT INTO maintenance_events (bridge_id, occurred_on, kind, sensor_id, note,
          out_of_service_from, out_of_service_until)
        VALUES (${made.bridgeId}, ${dateOf(1)}::date, 'repair', ${made.sensorId}, 'cable works',
                ${iso(at(1, 9.5))}::timestamptz, ${iso(at(1, 10))}::timestamptz)`);
      expect(await recountBridgeStrain(db(), made.bridgeId)).toEqual([
        { datastreamId: made.stream, daysRecounted: 2 },
      ]);
      const after = await days(made.stream);
      expect(after[0]).toEqual(made.counted[0]);
      expect(after.slice(1).map((d) => [d.samples, d.excluded_samples, d.recounted])).toEqual([
        [27_000, 9_000, true],
        [36_000, 0, true],
      ]);
      expect(await days(made.other)).toEqual(made.otherCounted);
      // A second run finds nothing to do.
      expect(await recountBridgeStrain(db(), made.bridgeId)).toEqual([]);
      expect(await days(made.stream)).toEqual(after);
    });

    it('recounts a re-zero day entered later, and the days a calibration entered later leaves unvouched', async () => {
      const made = await twoGauges();
      await db().execute(sql`
        INSERT INTO maintenance_events (bridge_id, occurred_on, kind, sensor_id)
        VALUES (${made.bridgeId}, ${dateOf(2)}::date, 'sensor_rezero', ${made.sensorId})`);
      expect(await recountBridgeStrain(db(), made.bridgeId)).toEqual([
        { datastreamId: made.stream, daysRecounted: 1 },
      ]);
      expect((await days(made.stream)).map((d) => [d.excluded_samples, d.recounted])).toEqual([
        [0, false],
        [0, false],
        [36_000, true],
      ]);
      // The gauge's first calibration, entered now, dated day 1: day 0 is no longer vouched for.
      await db().execute(sql`
        INSERT INTO sensor_calibrations (sensor_id, calibrated_on, calibrated_by)
        VALUES (${made.sensorId}, ${dateOf(1)}::date, 'Test lab')`);
      expect(await recountBridgeStrain(db(), made.bridgeId)).toEqual([
        { datastreamId: made.stream, daysRecounted: 3 },
      ]);
      expect((await days(made.stream)).map((d) => [d.excluded_samples, d.recounted])).toEqual([
        [36_000, true],
        [0, true],
        [36_000, true],
      ]);
      expect(await days(made.other)).toEqual(made.otherCounted);
      expect(await recountBridgeStrain(db(), made.bridgeId)).toEqual([]);
    });

    it('takes the present records for days counted before their spans were kept, recounting nothing', async () => {
      const made = await twoGauges();
      await db().execute(sql`
        UPDATE fatigue_histograms SET excluded_spans = NULL WHERE datastream_id = ${made.stream}`);
      await db().execute(sql`
        INSERT INTO maintenance_events (bridge_id, occurred_on, kind, sensor_id)
        VALUES (${made.bridgeId}, ${dateOf(0)}::date, 'sensor_rezero', ${made.sensorId})`);
      expect(await recountBridgeStrain(db(), made.bridgeId)).toEqual([]);
      expect(await days(made.stream)).toEqual(made.counted);
      // From then on they are compared like any other day.
      await db().execute(sql`
        INSERT INTO maintenance_events (bridge_id, occurred_on, kind, sensor_id)
        VALUES (${made.bridgeId}, ${dateOf(1)}::date, 'sensor_rezero', ${made.sensorId})`);
      expect(await recountBridgeStrain(db(), made.bridgeId)).toEqual([
        { datastreamId: made.stream, daysRecounted: 2 },
      ]);
    });
  },
);
