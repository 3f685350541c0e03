import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countBridgeStrain, STRAIN_BIN_WIDTH } from '../../../server/fatigue/strain-counting.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import {
  cubes,
  DAY_MS,
  largest,
  START_MS,
  type StrainBlock,
  storeStrain,
  strainBridge,
  trafficBlocks,
} from './strain-fixtures.ts';

const HOUR_MS = 3_600_000;

interface DayRow {
  day: string;
  bins: [number, number][];
  samples: number;
  excluded_samples: number;
  monitored_seconds: number;
}

/** Two hours of traffic at 5 Hz from `hour` of day `day` (0 = START_MS's day). */
const hours = (day: number, hour: number, count = 2, seed = 7) =>
  trafficBlocks(
    START_MS + day * DAY_MS + hour * HOUR_MS,
    START_MS + day * DAY_MS + (hour + count) * HOUR_MS,
    {
      seed,
    },
  );

const shifted = (blocks: StrainBlock[], by: (start: number) => number) =>
  blocks.map((b) => ({ start: b.start, values: b.values.map((v) => v + by(b.start)) }));

// Issue 30, decision 045: what the stored path leaves out, and what a counted day stands for.
describe.each(drivers)('trusted fatigue counting (%s)', { timeout: 120_000 }, (kind) => {
  const t = setupTestApp(kind);
  const db = () => t.services.database.db;

  async function days(datastreamId: number) {
    return rowsOf<DayRow>(
      await db().execute(sql`
        SELECT day::text AS day, bins, samples::float8 AS samples,
               excluded_samples::float8 AS excluded_samples, monitored_seconds
        FROM fatigue_histograms WHERE datastream_id = ${datastreamId} ORDER BY day`),
    );
  }

  async function counted(name: string, blocks: StrainBlock[]) {
    const made = await strainBridge(
      t.services,
      name,
      `${name.toLowerCase().replace(/ /g, '-')}-str`,
    );
    await storeStrain(t.services, `${name.toLowerCase().replace(/ /g, '-')}-str`, blocks);
    return made;
  }

  it('leaves out spikes inside a sensor fault window; a day with 2 hours weighs 2 hours', async () => {
    const clean = hours(0, 9);
    // Every 50th sample of the first hour jumps by 2,000 µε (10× the traffic's range).
    const spiked = clean.map((b) =>
      b.start < START_MS + 10 * HOUR_MS
        ? { start: b.start, values: b.values.map((v, i) => (i % 50 === 0 ? v + 2000 : v)) }
        : b,
    );
    const reference = await counted('Clean Span', clean);
    const faulted = await counted('Faulted Span', spiked);
    const believed = await counted('Believed Span', spiked);
    await db().execute(sql`
      INSERT INTO alerts (bridge_id, type, subject, severity, message, state, cause, raised_at, cleared_at)
      VALUES (${faulted.bridge.id}, 'Sensor fault', ${String(faulted.datastreamId)}, 'Medium',
              'Sensor fault: spikes', 'cleared', '{}'::jsonb,
              ${new Date(START_MS + 9 * HOUR_MS).toISOString()}::timestamptz,
              ${new Date(START_MS + 10 * HOUR_MS).toISOString()}::timestamptz)`);
    for (const made of [reference, faulted, believed]) {
      await countBridgeStrain(db(), made.bridge.id, START_MS + 2 * DAY_MS);
    }
    const [clean0] = await days(reference.datastreamId);
    const [fault0] = await days(faulted.datastreamId);
    const [spike0] = await days(believed.datastreamId);
    expect(clean0?.monitored_seconds).toBe(7200);
    expect(clean0?.samples).toBe(36_000);
    expect(fault0).toMatchObject({
      samples: 18_000,
      excluded_samples: 18_000,
      monitored_seconds: 3600,
    });
    // Counted as given, the spikes make ranges of 2,000 µε and swamp the damage.
    expect(largest(spike0?.bins ?? [])).toBeGreaterThan(1500);
    expect(largest(fault0?.bins ?? [])).toBeLessThan(
      largest(clean0?.bins ?? []) + 2 * STRAIN_BIN_WIDTH,
    );
    expect(cubes(fault0?.bins ?? [])).toBeLessThan(cubes(clean0?.bins ?? []));
  });

  it('leaves out a re-zero day so its step is never a stress range, and an uncalibrated day', async () => {
    // A +1,000 µε step (trucks make up to about 350 µε here) at 10:00 on day 1; the re-zero is recorded that day on one of two gauges.
    const blocks = [...hours(0, 9), ...hours(1, 9), ...hours(2, 9)];
    const stepped = shifted(blocks, (start) =>
      start >= START_MS + DAY_MS + 10 * HOUR_MS ? 1000 : 0,
    );
    const recorded = await counted('Rezeroed Span', stepped);
    const unrecorded = await counted('Stepped Span', stepped);
    await db().execute(sql`
      INSERT INTO maintenance_events (bridge_id, occurred_on, kind, sensor_id)
      VALUES (${recorded.bridge.id}, ${new Date(START_MS + DAY_MS).toISOString().slice(0, 10)},
              'sensor_rezero', ${recorded.sensor.id})`);
    // Its calibration ran out at the end of day 1: day 2 is not vouched for.
    await db().execute(sql`
      INSERT INTO sensor_calibrations (sensor_id, calibrated_on, calibrated_by, next_due)
      VALUES (${recorded.sensor.id}, '2025-06-01', 'Lab',
              ${new Date(START_MS + DAY_MS).toISOString().slice(0, 10)})`);
    // Counted as given: the high-pass's moving median keeps edges, so it hides a step by itself.
    const asGiven = { highpassHz: null };
    await countBridgeStrain(db(), recorded.bridge.id, START_MS + 3 * DAY_MS, asGiven);
    await countBridgeStrain(db(), unrecorded.bridge.id, START_MS + 3 * DAY_MS, asGiven);
    const withEvent = await days(recorded.datastreamId);
    const without = await days(unrecorded.datastreamId);
    expect(without.map((d) => d.day)).toEqual(withEvent.map((d) => d.day));
    expect(Math.max(...without.map((d) => largest(d.bins)))).toBeGreaterThan(800);
    expect(withEvent[1]).toMatchObject({
      samples: 0,
      excluded_samples: 36_000,
      monitored_seconds: 0,
    });
    expect(withEvent[2]).toMatchObject({ samples: 0, excluded_samples: 36_000 });
    expect(Math.max(...withEvent.map((d) => largest(d.bins)))).toBeLessThan(500);
  });

  it('leaves out the days the register marks the gauge faulty', async () => {
    const made = await counted('Faulty Register Span', hours(0, 9));
    await t.services.sensorStatus.change({
      sensorId: made.sensor.id,
      status: 'faulty',
      effectiveAt: new Date(START_MS),
      note: null,
    });
    await countBridgeStrain(db(), made.bridge.id, START_MS + DAY_MS);
    const [day] = await days(made.datastreamId);
    expect(day).toMatchObject({ samples: 0, excluded_samples: 36_000, bins: [] });
  });

  it('removes a ±150 µε daily thermal swing before counting (high-pass at 1/600 Hz)', async () => {
    const day = trafficBlocks(START_MS, START_MS + DAY_MS, { seed: 11 });
    const swing = (start: number) => 150 * Math.cos((2 * Math.PI * (start - START_MS)) / DAY_MS);
    // The swing is added per sample (5 Hz) so it is smooth, as temperature is.
    const warm = day.map((b) => ({
      start: b.start,
      values: b.values.map((v, i) => Math.round((v + swing(b.start + i * 200)) * 1000) / 1000),
    }));
    const plain = await counted('Thermal Free Span', day);
    const thermal = await counted('Thermal Span', warm);
    const asGiven = await counted('Thermal As Given Span', warm);
    await countBridgeStrain(db(), plain.bridge.id, START_MS + DAY_MS);
    await countBridgeStrain(db(), thermal.bridge.id, START_MS + DAY_MS);
    await countBridgeStrain(db(), asGiven.bridge.id, START_MS + DAY_MS, { highpassHz: null });
    const [reference] = await days(plain.datastreamId);
    const [filtered] = await days(thermal.datastreamId);
    const [raw] = await days(asGiven.datastreamId);
    const ratio = (row?: DayRow) =>
      Math.cbrt(cubes(row?.bins ?? []) / cubes(reference?.bins ?? []));
    expect(Math.abs(ratio(filtered) - 1)).toBeLessThan(0.02);
    expect(largest(raw?.bins ?? [])).toBeGreaterThan(250);
  });
});
