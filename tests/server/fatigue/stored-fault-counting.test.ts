import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countBridgeStrain } from '../../../server/fatigue/strain-counting.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import {
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
}

/** Two hours of 5 Hz traffic from 09:00 of `day`, every 50th sample from `spikesFrom` +2,000 µε. */
function morning(day: number, spikesFrom: number) {
  return trafficBlocks(at(day, 9), at(day, 11), { seed: 7 + day }).map((b) =>
    b.start < spikesFrom ? b : spiked(b),
  );
}

// Issue 30, decision 045 amended 2026-12-02 (c): the fatigue counting leaves out a stream's stored
// sensor faults (decision 048) from the onset the analysis estimated, not from when the alert was
// raised, and a lasting fault for as long as it is in force.
describe.each(drivers)(
  'fatigue counting and stored sensor faults (%s)',
  { timeout: 120_000 },
  (kind) => {
    const t = setupTestApp(kind);
    const db = () => t.services.database.db;

    async function days(datastreamId: number) {
      return rowsOf<DayRow>(
        await db().execute(sql`
        SELECT day::text AS day, bins, samples::float8 AS samples,
               excluded_samples::float8 AS excluded_samples
        FROM fatigue_histograms WHERE datastream_id = ${datastreamId} ORDER BY day`),
      );
    }

    async function storedFault(
      made: { bridge: { id: number }; datastreamId: number },
      kindOf: string,
      onset: number,
      detected: number,
      ended: number | null,
    ) {
      await db().execute(sql`
      INSERT INTO sensor_faults (bridge_id, datastream_id, kind, onset, detected_at, reason, ended_at)
      VALUES (${made.bridge.id}, ${made.datastreamId}, ${kindOf}, ${iso(onset)}::timestamptz,
              ${iso(detected)}::timestamptz, 'test fault',
              ${ended === null ? null : iso(ended)}::timestamptz)`);
    }

    it('leaves out a stored fault from its onset, an hour before its alert was raised', async () => {
      const made = await strainBridge(t.services, 'Onset Span', 'onset-span-str');
      await storeStrain(t.services, 'onset-span-str', morning(0, at(0, 9.5)));
      // Found at 10:30 with its onset estimated at 09:30: the alert is raised when it is found.
      await storedFault(made, 'spikes', at(0, 9.5), at(0, 10.5), null);
      await db().execute(sql`
      INSERT INTO alerts (bridge_id, type, subject, severity, message, state, cause, raised_at)
      VALUES (${made.bridge.id}, 'Sensor fault', ${String(made.datastreamId)}, 'Medium',
              'Sensor fault: spikes', 'active', '{}'::jsonb, ${iso(at(0, 10.5))}::timestamptz)`);
      await countBridgeStrain(db(), made.bridge.id, START_MS + DAY_MS);
      const [day] = await days(made.datastreamId);
      // 09:00-09:30 counted (9,000 samples at 5 Hz); 09:30-11:00 left out, spikes and all.
      expect(day).toMatchObject({ samples: 9000, excluded_samples: 27_000 });
      expect(largest(day?.bins ?? [])).toBeLessThan(1000);
    });

    it('keeps a lasting fault out after its alert cleared, until the fault ends', async () => {
      const made = await strainBridge(t.services, 'Lasting Span', 'lasting-span-str');
      await storeStrain(t.services, 'lasting-span-str', [
        ...morning(0, at(0, 9)),
        ...morning(1, at(1, 10)),
      ]);
      // An offset found on day 0, its alert cleared at 10:00 the same day (not found again), the
      // fault itself in force until the gauge was serviced at 10:00 on day 1.
      await storedFault(made, 'offset', at(0, 9), at(0, 9.5), at(1, 10));
      await db().execute(sql`
      INSERT INTO alerts (bridge_id, type, subject, severity, message, state, cause, raised_at, cleared_at)
      VALUES (${made.bridge.id}, 'Sensor fault', ${String(made.datastreamId)}, 'Medium',
              'Sensor fault: offset', 'cleared', '{}'::jsonb, ${iso(at(0, 9.5))}::timestamptz,
              ${iso(at(0, 10))}::timestamptz)`);
      await countBridgeStrain(db(), made.bridge.id, START_MS + 2 * DAY_MS);
      const [first, second] = await days(made.datastreamId);
      expect(first).toMatchObject({ samples: 0, excluded_samples: 36_000, bins: [] });
      // Day 1: 09:00-10:00 in the fault, 10:00-11:00 counted; its spikes are this test's marker
      // that the counted hour is the one after the fault.
      expect(second).toMatchObject({ samples: 18_000, excluded_samples: 18_000 });
      expect(largest(second?.bins ?? [])).toBeGreaterThan(1500);
    });
  },
);
