import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SensorStatus } from '../../../domain/enums.ts';
import { recountBridgeStrain } from '../../../server/fatigue/day-recount.ts';
import { countBridgeStrain } from '../../../server/fatigue/strain-counting.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { DAY_MS, START_MS, storeStrain, strainBridge, trafficBlocks } from './strain-fixtures.ts';

const HOUR_MS = 3_600_000;
const at = (day: number, hour: number) => START_MS + day * DAY_MS + hour * HOUR_MS;

/** Days 0 to `count` - 1, 09:00-11:00 at 5 Hz: 36,000 samples a day. */
const daysOfTraffic = (count: number) =>
  Array.from({ length: count }, (_, day) =>
    trafficBlocks(at(day, 9), at(day, 11), { seed: 60 + day }),
  ).flat();

// Issue 30, decision 045 amended 2026-12-03 (g): the register status in force at a sample's time
// decides whether it counts, not the status the sensor has now.
describe.each(drivers)(
  'fatigue counting by the dated register status (%s)',
  { timeout: 120_000 },
  (kind) => {
    const t = setupTestApp(kind);
    const db = () => t.services.database.db;

    /** [samples, excluded samples, recounted] of each counted day. */
    async function days(datastreamId: number) {
      const rows = rowsOf<{ samples: number; excluded_samples: number; recounted: boolean }>(
        await db().execute(sql`
        SELECT samples::float8 AS samples, excluded_samples::float8 AS excluded_samples,
               recounted_at IS NOT NULL AS recounted
        FROM fatigue_histograms WHERE datastream_id = ${datastreamId} ORDER BY day`),
      );
      return rows.map((r) => [r.samples, r.excluded_samples, r.recounted]);
    }

    async function gauge(name: string, status: SensorStatus, dayCount = 3) {
      const made = await strainBridge(t.services, name, `${name}-str`, status);
      await storeStrain(t.services, `${name}-str`, daysOfTraffic(dayCount));
      return made;
    }

    const change = (sensorId: number, status: SensorStatus, effectiveAt: number) =>
      t.services.sensorStatus.change({
        sensorId,
        status,
        effectiveAt: new Date(effectiveAt),
        note: null,
      });

    it('counts the cycles before a gauge went into maintenance at 10:00 on day 1, none after', async () => {
      const made = await gauge('into-maintenance', 'active');
      await change(made.sensor.id, 'maintenance', at(1, 10));
      await countBridgeStrain(db(), made.bridge.id, START_MS + 3 * DAY_MS);
      expect(await days(made.datastreamId)).toEqual([
        [36_000, 0, false],
        [18_000, 18_000, false],
        [0, 36_000, false],
      ]);
    });

    it('counts nothing while the gauge was faulty and everything from its return at 10:00 on day 1', async () => {
      const made = await gauge('back-in-service', 'faulty');
      await change(made.sensor.id, 'active', at(1, 10));
      await countBridgeStrain(db(), made.bridge.id, START_MS + 3 * DAY_MS);
      expect(await days(made.datastreamId)).toEqual([
        [0, 36_000, false],
        [18_000, 18_000, false],
        [36_000, 0, false],
      ]);
    });

    it('recounts the days a change entered later covers; a change made today leaves them alone', async () => {
      const made = await gauge('found-faulty', 'active');
      await countBridgeStrain(db(), made.bridge.id, START_MS + 3 * DAY_MS);
      // Put in maintenance now: the days counted months ago keep their cycles.
      await change(made.sensor.id, 'maintenance', Date.now());
      expect(await recountBridgeStrain(db(), made.bridge.id)).toEqual([]);
      expect(await days(made.datastreamId)).toEqual([
        [36_000, 0, false],
        [36_000, 0, false],
        [36_000, 0, false],
      ]);
      // Found faulty since 10:00 on day 1, recorded with that time.
      const other = await gauge('found-faulty-since', 'active');
      await countBridgeStrain(db(), other.bridge.id, START_MS + 3 * DAY_MS);
      await change(other.sensor.id, 'faulty', at(1, 10));
      expect(await recountBridgeStrain(db(), other.bridge.id)).toEqual([
        { datastreamId: other.datastreamId, daysRecounted: 2 },
      ]);
      expect(await days(other.datastreamId)).toEqual([
        [36_000, 0, false],
        [18_000, 18_000, true],
        [0, 36_000, true],
      ]);
    });

    it('keeps the days counted before the history began under its undated first row, and leaves out the days after', async () => {
      const made = await gauge('faulty-before-history', 'active', 4);
      await countBridgeStrain(db(), made.bridge.id, START_MS + 3 * DAY_MS);
      // As migration 0073 writes a sensor that was faulty then: since when is not known.
      await db().execute(sql`
      UPDATE sensor_status_changes SET status = 'faulty', dated = false
      WHERE sensor_id = ${made.sensor.id}`);
      expect(await recountBridgeStrain(db(), made.bridge.id)).toEqual([]);
      await countBridgeStrain(db(), made.bridge.id, START_MS + 4 * DAY_MS);
      expect(await days(made.datastreamId)).toEqual([
        [36_000, 0, false],
        [36_000, 0, false],
        [36_000, 0, false],
        [0, 36_000, false],
      ]);
    });
  },
);
