import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inRequestTransaction } from '../../../server/audit/audited-transaction.ts';
import { createModesStore } from '../../../server/analysis/modes-store.ts';
import {
  catchUpRolledDays,
  refreshRolledDays,
  ROLL_UP_DAYS_PER_PASS,
  touchedDayRuns,
} from '../../../server/analysis/modes-rollup.ts';
import type { Schemas } from '../../../server/contract-types.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { identifiedModeDays, identifiedModes } from '../../../server/db/schema.ts';
import { companyPerson } from '../../helpers/company-person.ts';
import {
  DAY_MS,
  found,
  HOUR_MS,
  lost,
  MARCH,
  storeMarchWindows,
  WINDOW_MS,
  windowRows,
} from '../../helpers/march-mode-windows.ts';
import { setupTestApp, type TestContext } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

const daily = async (t: TestContext, bridgeId: number, token: string, query: string) => {
  const answer = await t.request<Schemas['BridgeModesDaily']>({
    method: 'GET',
    url: `/api/v1/bridges/${bridgeId}/modes/daily?${query}`,
    token,
  });
  expect(answer.status).toBe(200);
  return answer.body;
};

const rolledDays = async (t: TestContext, bridgeId: number) =>
  (
    await t.services.database.db
      .select({ day: identifiedModeDays.day, windows: identifiedModeDays.windows })
      .from(identifiedModeDays)
      .where(eq(identifiedModeDays.bridgeId, bridgeId))
      .orderBy(identifiedModeDays.day)
  ).map((r) => [r.day, r.windows]);

const dropRollUp = (t: TestContext, bridgeId: number) =>
  t.services.database.db
    .delete(identifiedModeDays)
    .where(eq(identifiedModeDays.bridgeId, bridgeId));

// Issue 31, decision 076 amended 2026-12-01: the complete days of the daily summary come from a
// stored roll-up, today's live, and the answer is the same either way.
describe.each(drivers)('daily modes roll-up on %s', (kind) => {
  const t = setupTestApp(kind);

  it('answers from the roll-up exactly what the live query answers', async () => {
    const bridge = await t.services.bridges.create({ name: 'Rolled Beam', location: 'River' });
    const store = await storeMarchWindows(t.services.database.db, bridge.id);
    // Today's window: stored, not rolled (the day is still filling), yet in the answer.
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    await store.saveWindow(
      bridge.id,
      windowRows(bridge.id, now - (now % WINDOW_MS), 3, [found(0, 0, 1.95, 0.012)]),
    );
    expect(await rolledDays(t, bridge.id)).toEqual([
      ['2026-03-02', 4],
      ['2026-03-04', 2],
    ]);
    const staff = await t.createUser({ staff: true });
    const query = `from=2026-03-01&to=2026-03-31`;
    const yearQuery = `from=${new Date(now - 399 * DAY_MS).toISOString().slice(0, 10)}&to=${today}`;
    const rolled = [await daily(t, bridge.id, staff.token, query)];
    rolled.push(await daily(t, bridge.id, staff.token, yearQuery));
    expect(rolled[1]?.days.at(-1)).toEqual({ day: today, windows: 1 });

    // The answer is read from the stored rows: a row changed by hand shows in it.
    await t.services.database.db.execute(
      sql`UPDATE identified_mode_days SET windows = 99 WHERE bridge_id = ${bridge.id} AND day = '2026-03-02'`,
    );
    const tampered = await daily(t, bridge.id, staff.token, query);
    expect(tampered.days[0]).toEqual({ day: '2026-03-02', windows: 99 });

    await dropRollUp(t, bridge.id);
    expect(await daily(t, bridge.id, staff.token, query)).toEqual(rolled[0]);
    expect(await daily(t, bridge.id, staff.token, yearQuery)).toEqual(rolled[1]);
  });

  it('recomputes a rolled day when a late window of it arrives, and a rolled empty day', async () => {
    const bridge = await t.services.bridges.create({ name: 'Late Beam', location: 'River' });
    const store = await storeMarchWindows(t.services.database.db, bridge.id);
    const staff = await t.createUser({ staff: true });
    const query = 'from=2026-03-01&to=2026-03-31';
    const before = await daily(t, bridge.id, staff.token, query);
    expect(before.days).toEqual([
      { day: '2026-03-02', windows: 4 },
      { day: '2026-03-04', windows: 2 },
    ]);
    // Late: a window of 2 March at 20:00 and one of 3 March (no window until now).
    await store.saveWindow(
      bridge.id,
      windowRows(bridge.id, MARCH(2) + 20 * HOUR_MS, 0, [found(0, 0, 2.1, 0.02), lost(1, 1)]),
    );
    await store.saveWindow(
      bridge.id,
      windowRows(bridge.id, MARCH(3) + 12 * HOUR_MS, 0, [found(0, 0, 2.2, 0.03)]),
    );
    expect(await rolledDays(t, bridge.id)).toEqual([
      ['2026-03-02', 5],
      ['2026-03-03', 1],
      ['2026-03-04', 2],
    ]);
    const after = await daily(t, bridge.id, staff.token, query);
    const modeOne = after.modes.find((m) => m.reference_version === 0 && m.reference_mode === 0);
    // 2.00, 2.02, 2.04, 2.06, 2.10: the median 2.04; mode 1 now lost in 2 of 5.
    expect(modeOne?.days[0]?.frequency_hz?.median).toBeCloseTo(2.04, 12);
    expect(modeOne?.days[1]).toMatchObject({ day: '2026-03-03', windows_found: 1 });
    const modeTwo = after.modes.find((m) => m.reference_version === 0 && m.reference_mode === 1);
    expect(modeTwo?.days[0]?.lost_share).toBe(0.4);
    await dropRollUp(t, bridge.id);
    expect(await daily(t, bridge.id, staff.token, query)).toEqual(after);
  });

  it("rolls up new days in the run's catch-up, not when a window is stored", async () => {
    const bridge = await t.services.bridges.create({ name: 'Stored Beam', location: 'River' });
    const { db } = t.services.database;
    await createModesStore(db).saveWindow(
      bridge.id,
      windowRows(bridge.id, MARCH(2) + 8 * HOUR_MS, 0, [found(0, 0, 2.0, 0.01)]),
    );
    expect(await rolledDays(t, bridge.id)).toEqual([]);
    expect(await catchUpRolledDays(db, bridge.id, Date.now())).toBe(1);
    expect(await rolledDays(t, bridge.id)).toEqual([['2026-03-02', 1]]);
  });

  it('catches up a backlog a bounded stretch of days at a time', async () => {
    const bridge = await t.services.bridges.create({ name: 'Backlog Beam', location: 'River' });
    const { db } = t.services.database;
    // Forty days of one window each, written straight to the table as before the roll-up.
    const rows = Array.from({ length: 40 }, (_, d) =>
      windowRows(bridge.id, MARCH(1) + d * DAY_MS + 6 * HOUR_MS, 0, [
        found(0, 0, 2 + d / 100, 0.01),
      ]),
    ).flat();
    await db.insert(identifiedModes).values(rows);
    const staff = await t.createUser({ staff: true });
    const live = await daily(t, bridge.id, staff.token, 'from=2026-03-01&to=2026-04-30');
    const now = MARCH(1) + 40 * DAY_MS + HOUR_MS;
    expect(await catchUpRolledDays(db, bridge.id, now)).toBe(ROLL_UP_DAYS_PER_PASS);
    expect(await daily(t, bridge.id, staff.token, 'from=2026-03-01&to=2026-04-30')).toEqual(live);
    expect(await catchUpRolledDays(db, bridge.id, now)).toBe(40 - ROLL_UP_DAYS_PER_PASS);
    expect(await catchUpRolledDays(db, bridge.id, now)).toBe(0);
    expect(await rolledDays(t, bridge.id)).toHaveLength(40);
    expect(await daily(t, bridge.id, staff.token, 'from=2026-03-01&to=2026-04-30')).toEqual(live);
  });

  it('recomputes only the touched days, however far apart they are', async () => {
    const bridge = await t.services.bridges.create({ name: 'Spread Beam', location: 'River' });
    const { db } = t.services.database;
    // One window on each of three days of March 2025, one in September, two in March 2026.
    const days = [
      Date.UTC(2025, 2, 1),
      Date.UTC(2025, 2, 2),
      Date.UTC(2025, 2, 3),
      Date.UTC(2025, 8, 15),
      Date.UTC(2026, 2, 1),
      Date.UTC(2026, 2, 2),
    ];
    await db
      .insert(identifiedModes)
      .values(
        days.flatMap((day) => windowRows(bridge.id, day + 6 * HOUR_MS, 0, [found(0, 0, 2, 0.01)])),
      );
    const now = Date.UTC(2026, 2, 3);
    while ((await catchUpRolledDays(db, bridge.id, now)) > 0);
    expect(await rolledDays(t, bridge.id)).toHaveLength(6);
    // Every stored row changed by hand: a recomputed day shows its one window again.
    await db.execute(
      sql`UPDATE identified_mode_days SET windows = 99 WHERE bridge_id = ${bridge.id}`,
    );
    const touched = [0, 1, 2, 4, 5].map((i) => (days[i] as number) + 6 * HOUR_MS);
    await db.transaction((tx) => refreshRolledDays(tx, bridge.id, touched));
    expect(await rolledDays(t, bridge.id)).toEqual([
      ['2025-03-01', 1],
      ['2025-03-02', 1],
      ['2025-03-03', 1],
      ['2025-09-15', 99],
      ['2026-03-01', 1],
      ['2026-03-02', 1],
    ]);
  });

  it("refuses a company's transaction another company's rolled days", async () => {
    const alpha = await companyPerson(t, 'alpha-admin', 'Alpha Spans', { admin: true });
    const beta = await companyPerson(t, 'beta-admin', 'Beta Bridges', { admin: true });
    const bridge = await t.services.bridges.create({
      companyId: alpha.row.companyId,
      name: 'Alpha Beam',
      location: 'River',
    });
    await storeMarchWindows(t.services.database.db, bridge.id);
    const { db } = t.services.database;
    const count = (companyId: number, userId: number) =>
      inRequestTransaction(db, { tenant: { companyId, userId } }, async () => {
        const [row] = rowsOf<{ n: number }>(
          await db.execute(
            sql`SELECT count(*)::int AS n FROM identified_mode_days WHERE bridge_id = ${bridge.id}`,
          ),
        );
        return row?.n;
      });
    expect(await count(alpha.row.companyId, alpha.row.id)).toBe(2);
    expect(await count(beta.row.companyId, beta.row.id)).toBe(0);
    await expect(
      inRequestTransaction(
        db,
        { tenant: { companyId: beta.row.companyId, userId: beta.row.id } },
        () =>
          db
            .insert(identifiedModeDays)
            .values({ bridgeId: bridge.id, day: '2026-03-09', windows: 1, modes: [] }),
      ),
    ).rejects.toSatisfy((error: unknown) =>
      /row-level security policy/.test(String((error as { cause?: Error }).cause?.message)),
    );
    // Alpha's own request reads its bridge's summary from the roll-up; Beta's is a 404.
    const own = await daily(t, bridge.id, alpha.token, 'from=2026-03-01&to=2026-03-31');
    expect(own.days).toEqual([
      { day: '2026-03-02', windows: 4 },
      { day: '2026-03-04', windows: 2 },
    ]);
    const other = await t.request({
      method: 'GET',
      url: `/api/v1/bridges/${bridge.id}/modes/daily?from=2026-03-01&to=2026-03-31`,
      token: beta.token,
    });
    expect(other.status).toBe(404);
  });
});

describe('touched days in bounded runs', () => {
  it('joins consecutive days, a month at most, and never the days between', () => {
    const month = Array.from({ length: 40 }, (_, d) => MARCH(1) + d * DAY_MS);
    const later = MARCH(1) + 365 * DAY_MS;
    expect(touchedDayRuns([later, ...month, MARCH(5)])).toEqual([
      [MARCH(1), MARCH(1) + ROLL_UP_DAYS_PER_PASS * DAY_MS],
      [MARCH(1) + ROLL_UP_DAYS_PER_PASS * DAY_MS, MARCH(1) + 40 * DAY_MS],
      [later, later + DAY_MS],
    ]);
  });
});
