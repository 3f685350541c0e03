import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { startShiftRetention } from '../../../server/analysis/shift-retention-schedule.ts';
import {
  averageShiftDaysBefore,
  FULL_RESOLUTION_DAYS,
} from '../../../server/analysis/shift-retention.ts';
import { frequencyShiftLevels, frequencyShifts } from '../../../server/db/schema.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { shiftScene } from '../routes/frequency-shift-scene.ts';
import { DAY, EVALUATED_START, WINDOW_MS } from './reference-shift-fixtures.ts';

vi.setConfig({ hookTimeout: 300_000 });

const DAY_MS = DAY * WINDOW_MS;
const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

// Decision 051, 2026-11-29 evening: windows older than FULL_RESOLUTION_DAYS become one row a
// UTC day, on the schedules' leader; the latches and the chart's shape stay.
describe.each(drivers)('the reference shift retention on %s', (kind) => {
  const t = setupTestApp(kind);
  const { scene, evaluate, read } = shiftScene(t);

  it('averages old days into one row each, keeping the latched level and the chart', async () => {
    const { operator, bridgeId } = await scene();
    const dropped = (day: number) => (day >= 2 ? 0.98 : 1);
    expect(await evaluate(bridgeId, 0, 4, dropped)).toEqual(Array(5).fill('amber'));
    const db = t.services.database.db;
    const latches = () =>
      db.select().from(frequencyShiftLevels).where(eq(frequencyShiftLevels.bridgeId, bridgeId));
    const latchedBefore = await latches();
    const before = (await read(operator.token, bridgeId)).body;

    // "Now" is FULL_RESOLUTION_DAYS after the start of day 3: days 0-2 are averaged.
    const now = () => EVALUATED_START + (3 + FULL_RESOLUTION_DAYS) * DAY_MS + 3_600_000;
    const logs: string[] = [];
    const follower = startShiftRetention(db, {
      leads: () => false,
      log: logs.push.bind(logs),
      now,
    });
    expect(await follower.runOnce()).toBe(0);
    await follower.stop();
    const leader = startShiftRetention(db, { leads: () => true, log: logs.push.bind(logs), now });
    // Five lines (four modes and their mean) × three days.
    expect(await leader.runOnce()).toBe(15);
    expect(await leader.runOnce()).toBe(0);
    await leader.stop();
    expect(logs).toEqual([]);

    const rows = await db
      .select()
      .from(frequencyShifts)
      .where(eq(frequencyShifts.bridgeId, bridgeId));
    const old = rows.filter((r) => r.windowStart.getTime() < EVALUATED_START + 3 * DAY_MS);
    expect(old).toHaveLength(15);
    expect(old.every((r) => r.windows === DAY && r.judged)).toBe(true);
    expect(rows.filter((r) => r.windows === 1)).toHaveLength(5 * DAY);

    // The latches are untouched.
    expect(await latches()).toEqual(latchedBefore);

    // The chart: same lines and extent; each averaged day is the mean of that day's points
    // before, and the day kept at full resolution is as it was.
    const after = (await read(operator.token, bridgeId)).body;
    expect(after.bucket_minutes).toBe(before.bucket_minutes);
    expect(after.all_modes?.level).toBe('amber');
    const lines = (s: typeof before) => [...s.modes, ...(s.all_modes ? [s.all_modes] : [])];
    for (const [k, line] of lines(before).entries()) {
      const kept = lines(after)[k];
      expect(kept?.feature).toBe(line.feature);
      for (let day = 0; day < 3; day += 1) {
        const from = EVALUATED_START + day * DAY_MS;
        const inDay = line.points.filter((p) => {
          const t0 = Date.parse(p.t);
          return t0 >= from && t0 < from + DAY_MS;
        });
        const point = kept?.points.find((p) => Date.parse(p.t) === from);
        expect(point?.shift_percent).toBeCloseTo(mean(inDay.map((p) => p.shift_percent)), 9);
      }
      const lastDay = (s: typeof line | undefined) =>
        (s?.points ?? []).filter((p) => Date.parse(p.t) >= EVALUATED_START + 3 * DAY_MS);
      expect(lastDay(kept)).toEqual(lastDay(line));
    }

    // The next evaluation feeds the latch from the day kept at full resolution: still amber.
    expect(await evaluate(bridgeId, 4, 1, dropped)).toEqual(Array(5).fill('amber'));
  });

  it('ends when more days than one pass takes are single windows already', async () => {
    const { bridgeId } = await scene();
    const db = t.services.database.db;
    // 600 old days of one judged window each (a sensor that reported once a day, or days
    // averaged already), more than a pass's 500 days, and two days of three windows.
    const row = {
      bridgeId,
      feature: 'f1',
      shiftPercent: -1,
      uncertaintyPercent: 0.5,
      referenceVersion: 1,
      judged: true,
    };
    const single = Array.from({ length: 600 }, (_, day) => ({
      ...row,
      windowStart: new Date(Date.UTC(2020, 0, 1) + day * 86_400_000),
    }));
    const triple = [0, 1].flatMap((day) =>
      [0, 1, 2].map((k) => ({
        ...row,
        feature: 'f2',
        windowStart: new Date(Date.UTC(2019, 0, 1) + day * 86_400_000 + k * 600_000),
        shiftPercent: k,
      })),
    );
    await db.insert(frequencyShifts).values([...single, ...triple]);

    const cutoff = Date.UTC(2022, 0, 1);
    expect(await averageShiftDaysBefore(db, cutoff)).toBe(2);
    expect(await averageShiftDaysBefore(db, cutoff)).toBe(0);
    const rows = await db
      .select()
      .from(frequencyShifts)
      .where(eq(frequencyShifts.bridgeId, bridgeId));
    expect(rows.filter((r) => r.feature === 'f1')).toHaveLength(600);
    const averaged = rows.filter((r) => r.feature === 'f2');
    expect(averaged.map((r) => [r.windows, r.shiftPercent])).toEqual([
      [3, 1],
      [3, 1],
    ]);
  }, 120_000);
});
