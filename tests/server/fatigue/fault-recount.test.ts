import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recountBridgeStrain } from '../../../server/fatigue/day-recount.ts';
import { countBridgeStrain } from '../../../server/fatigue/strain-counting.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { sharedFixture } from '../../helpers/data-snapshot.ts';
import {
  cubes,
  DAY_MS,
  largest,
  spiked,
  START_MS,
  storeStrain,
  strainBridge,
  trafficBlocks,
} from './strain-fixtures.ts';

const HOUR_MS = 3_600_000;
const at = (day: number, hour: number) => START_MS + day * DAY_MS + hour * HOUR_MS;
const iso = (ms: number) => new Date(ms).toISOString();

interface DayRow {
  day: string;
  bins: [number, number][];
  samples: number;
  excluded_samples: number;
  recounted: boolean;
}

/** Miner's damage on a slope-3 curve is proportional to Σ n·Δε³ (the curve's constant aside). */
const damage = (rows: DayRow[]) => rows.reduce((sum, r) => sum + cubes(r.bins), 0);

/** Days 0-2, 09:00-11:00 at 5 Hz; on days 1 and 2 every 50th sample +2,000 µε (a faulty gauge). */
function threeDays(seed: number) {
  return [0, 1, 2].flatMap((day) =>
    trafficBlocks(at(day, 9), at(day, 11), { seed: seed + day }).map((b) =>
      day === 0 ? b : spiked(b),
    ),
  );
}

// Issue 30, decision 045 amended 2026-12-02 (d): a sensor fault stored after the days it covers
// were counted (a drift found days late) makes those days be counted again without its samples,
// the affected stream only, a bounded number of days per run.
describe.each(drivers)(
  'recounting days a later fault covers (%s)',
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

    /** A bridge with a faulty gauge and a healthy one beside it, both counted through day 2. */
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
      await storeStrain(t.services, `${name}-a`, threeDays(11));
      await storeStrain(t.services, `${name}-b`, threeDays(21));
      await countBridgeStrain(db(), made.bridge.id, START_MS + 3 * DAY_MS);
      // Found on day 4 (after days 0-2 were counted), a drift from 09:00 on day 1, still in force.
      await db().execute(sql`
      INSERT INTO sensor_faults (bridge_id, datastream_id, kind, onset, detected_at, reason)
      VALUES (${made.bridge.id}, ${made.datastreamId}, 'drift', ${iso(at(1, 9))}::timestamptz,
              ${iso(at(4, 1))}::timestamptz, 'test drift')`);
      return {
        bridgeId: made.bridge.id,
        sensorId: made.sensor.id,
        faulty: made.datastreamId,
        healthy: other.id,
      };
    }
    // The first two tests start from the same counted bridge: stored and counted once per
    // database, then put back from its copy (72,000 samples a stream stored and counted each time).
    const recountSpan = sharedFixture(
      () => t.services.database,
      'fault-recount',
      () => countedBridge('recount-span'),
    );

    it('recounts the faulty stream’s days without the fault, once, leaving the other alone', async () => {
      const made = await recountSpan();
      const staff = await t.createUser({ staff: true });
      await t.request({
        method: 'PUT',
        url: `/api/v1/sensors/${made.sensorId}/fatigue-detail`,
        token: staff.token,
        body: { name: 'Cover plate end', curve: 'EC3 71' },
      });
      const basis = async () =>
        (
          await t.request<{ details: { life_basis: string }[] }>({
            method: 'GET',
            url: `/api/v1/bridges/${made.bridgeId}/fatigue`,
            token: staff.token,
          })
        ).body.details[0]?.life_basis;
      expect(await basis()).not.toContain('recounted');
      const before = await days(made.faulty);
      const healthyBefore = await days(made.healthy);
      expect(before.map((d) => largest(d.bins) > 1500)).toEqual([false, true, true]);

      expect(await recountBridgeStrain(db(), made.bridgeId)).toEqual([
        { datastreamId: made.faulty, daysRecounted: 2 },
      ]);
      const after = await days(made.faulty);
      // Replaced, not added: still one row a day; day 0 (before the onset) as it was.
      expect(after.map((d) => d.day)).toEqual(before.map((d) => d.day));
      expect(after[0]).toEqual(before[0]);
      // From the onset on, nothing counted but the half cycles of the residue day 0 left open.
      for (const day of after.slice(1)) {
        expect(day).toMatchObject({ samples: 0, excluded_samples: 36_000, recounted: true });
        expect(largest(day.bins)).toBeLessThan(1000);
      }
      expect(after[2]?.bins).toEqual([]);
      expect(damage(after)).toBeLessThan(damage(before) / 10);
      expect(await days(made.healthy)).toEqual(healthyBefore);
      // The card and the report say the figures changed, and why.
      expect(await basis()).toMatch(
        /; 2 days \(2026-04-02 to 2026-04-03\) recounted \(last on \d{4}-\d\d-\d\d\) because a sensor fault, maintenance or calibration record entered after they were first counted changed which of their samples count$/,
      );

      // A second run finds nothing to do; the new days are counted on from the recount.
      expect(await recountBridgeStrain(db(), made.bridgeId)).toEqual([]);
      expect(await days(made.faulty)).toEqual(after);
      await countBridgeStrain(db(), made.bridgeId, START_MS + 4 * DAY_MS);
      expect(await days(made.faulty)).toEqual(after);
    });

    it('recounts at most the budget of days per run, the rest on the next runs', async () => {
      const made = await recountSpan();
      expect(await recountBridgeStrain(db(), made.bridgeId, 1)).toEqual([
        { datastreamId: made.faulty, daysRecounted: 1 },
      ]);
      expect((await days(made.faulty)).map((d) => [d.recounted, largest(d.bins) > 1500])).toEqual([
        [false, false],
        [true, false],
        [false, true],
      ]);
      expect(await recountBridgeStrain(db(), made.bridgeId, 1)).toEqual([
        { datastreamId: made.faulty, daysRecounted: 1 },
      ]);
      expect((await days(made.faulty)).map((d) => [d.recounted, largest(d.bins) > 1500])).toEqual([
        [false, false],
        [true, false],
        [true, false],
      ]);
      expect(await recountBridgeStrain(db(), made.bridgeId, 1)).toEqual([]);
    });

    it('does not recount days counted after the fault was stored', async () => {
      const made = await strainBridge(t.services, 'Early Span', 'early-span-a');
      await storeStrain(t.services, 'early-span-a', threeDays(31));
      await db().execute(sql`
      INSERT INTO sensor_faults (bridge_id, datastream_id, kind, onset, detected_at, reason)
      VALUES (${made.bridge.id}, ${made.datastreamId}, 'drift', ${iso(at(1, 9))}::timestamptz,
              ${iso(at(1, 12))}::timestamptz, 'test drift')`);
      await countBridgeStrain(db(), made.bridge.id, START_MS + 3 * DAY_MS);
      expect(await recountBridgeStrain(db(), made.bridge.id)).toEqual([]);
      expect(
        (await days(made.datastreamId)).map((d) => [d.recounted, largest(d.bins) > 1500]),
      ).toEqual([
        [false, false],
        [false, false],
        [false, false],
      ]);
    });
  },
);
