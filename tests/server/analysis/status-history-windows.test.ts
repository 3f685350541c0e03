import { describe, expect, it } from 'vitest';
import type { SensorStatus } from '../../../domain/enums.ts';
import { loadBridgeStreams } from '../../../server/analysis/bridge-streams.ts';
import type { DatasetPlan } from '../../../server/analysis/dataset-plan.ts';
import { loadWindows } from '../../../server/analysis/window-dataset.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import {
  DAY_MS,
  START_MS,
  storeStrain,
  strainBridge,
  trafficBlocks,
} from '../fatigue/strain-fixtures.ts';

const HOUR_MS = 3_600_000;
const at = (day: number, hour: number) => START_MS + day * DAY_MS + hour * HOUR_MS;
const RANGE = { from: START_MS, to: START_MS + 3 * DAY_MS };

// Issue 30, decision 045 amended 2026-12-03 (i): the detector's training and scoring read a
// gauge's windows by the register status in force at the time, not the status it has now. Both
// read through loadWindows, so this is the rule for both.
describe.each(drivers)("the detector's windows by the dated register status (%s)", (kind) => {
  const t = setupTestApp(kind);
  const db = () => t.services.database.db;

  /** A strain gauge with 09:00-11:00 of traffic on days 0-2, and a quasi-static plan of it. */
  async function gauge(name: string, status: SensorStatus) {
    const made = await strainBridge(t.services, name, `${name}-str`, status);
    await storeStrain(
      t.services,
      `${name}-str`,
      [0, 1, 2].flatMap((day) => trafficBlocks(at(day, 9), at(day, 11), { seed: 40 + day })),
    );
    const plan: DatasetPlan = {
      streams: [
        {
          id: made.datastreamId,
          streamId: `${name}-str`,
          dataType: 'strain',
          rateHz: 5,
          expectedSamples: 3000,
        },
      ],
      temperatureStream: null,
      modal: [],
      family: 'quasi-static',
      unfed: [],
    };
    return { ...made, plan };
  }

  const change = (sensorId: number, status: SensorStatus, effectiveAt: number) =>
    t.services.sensorStatus.change({
      sensorId,
      status,
      effectiveAt: new Date(effectiveAt),
      note: null,
    });

  /** The hours (day * 24 + hour, at 10-minute steps) of the windows whose mean was read. */
  async function readHours(made: Awaited<ReturnType<typeof gauge>>) {
    const current = await loadBridgeStreams(db(), made.bridge.id);
    const set = await loadWindows(db(), made.plan, current, RANGE, {});
    const read = set.windows
      .filter((w) => w.features.some(Number.isFinite))
      .map((w) => (w.start - START_MS) / HOUR_MS);
    return { read, skipped: set.skipped };
  }

  const traffic = (day: number, fromHour = 9, toHour = 11) =>
    Array.from({ length: (toHour - fromHour) * 6 }, (_, k) => day * 24 + fromHour + k / 6);

  it('keeps the windows before a gauge was put in maintenance today', async () => {
    const made = await gauge('maintenance-today', 'active');
    await change(made.sensor.id, 'maintenance', Date.now());
    const { read, skipped } = await readHours(made);
    expect(read).toEqual([...traffic(0), ...traffic(1), ...traffic(2)]);
    expect(skipped['maintenance']).toBeUndefined();
  });

  it('leaves out the windows from a maintenance at 10:00 on day 1 onwards, counted as maintenance', async () => {
    const made = await gauge('into-maintenance', 'active');
    await change(made.sensor.id, 'maintenance', at(1, 10));
    const { read, skipped } = await readHours(made);
    expect(read).toEqual([...traffic(0), ...traffic(1, 9, 10)]);
    // From 10:00 on day 1 to the range's end: 14 hours and a day of 10-minute slots.
    expect(skipped['maintenance']).toBe(14 * 6 + 144);
  });

  it('reads a gauge back in service from 10:00 on day 1, its faulty time left out', async () => {
    const made = await gauge('back-in-service', 'faulty');
    await change(made.sensor.id, 'active', at(1, 10));
    const { read, skipped } = await readHours(made);
    expect(read).toEqual([...traffic(1, 10, 11), ...traffic(2)]);
    expect(skipped['faulty']).toBe(144 + 10 * 6);
  });

  // Decision 045, 2026-12-03 (j): inactive is read by the time it was in force too.
  it('keeps the windows of a gauge made inactive today', async () => {
    const made = await gauge('inactive-today', 'active');
    await change(made.sensor.id, 'inactive', Date.now());
    const { read, skipped } = await readHours(made);
    expect(read).toEqual([...traffic(0), ...traffic(1), ...traffic(2)]);
    expect(skipped['inactive']).toBeUndefined();
  });

  it('leaves out the windows of a gauge inactive until 10:00 on day 1 and active now', async () => {
    const made = await gauge('inactive-until-day-1', 'inactive');
    await change(made.sensor.id, 'active', at(1, 10));
    const { read, skipped } = await readHours(made);
    expect(read).toEqual([...traffic(1, 10, 11), ...traffic(2)]);
    expect(skipped['inactive']).toBe(144 + 10 * 6);
  });

  it('leaves out the whole range of a gauge faulty through it, as before', async () => {
    const made = await gauge('always-faulty', 'faulty');
    const { read, skipped } = await readHours(made);
    expect(read).toEqual([]);
    expect(skipped['faulty']).toBe(3 * 144);
  });
});
