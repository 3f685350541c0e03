import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inRequestTransaction } from '../../../server/audit/audited-transaction.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { notifications, userBridges } from '../../../server/db/schema.ts';
import { bridgeWithSensor, companyPerson, offlineAlert } from '../../helpers/company-person.ts';
import { planShape } from '../../helpers/plan-shape.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

// Decision 072, amended 2026-12-02 (d) (migration 0070): the notifications' policy compares the
// row's bridge (copied from its alert by a trigger) with the visible bridges instead of every
// visible alert's id. A notification is still visible exactly when its alert is.

const ids = (rows: { id: number }[]) => rows.map((row) => Number(row.id)).sort((x, y) => x - y);

/** drizzle wraps the database's error; the policy's refusal is its cause. */
const refusedByPolicy = (error: unknown) =>
  /row-level security policy/.test(String((error as { cause?: Error }).cause?.message));

describe.each(drivers)('row-level security of notifications on %s', (kind) => {
  const t = setupTestApp(kind);

  /**
   * Alpha (two bridges, an operator of the second), Beta (a bridge, its administrator and an
   * operator whom platform staff also assigned Alpha's first bridge: decision 040). Each bridge
   * has an open alert; notices go to people of both companies about alerts of both.
   */
  async function cast() {
    const { db } = t.services.database;
    const adminA = await companyPerson(t, 'alpha-admin', 'Alpha Spans', { admin: true });
    const adminB = await companyPerson(t, 'beta-admin', 'Beta Bridges', { admin: true });
    const operatorB = await companyPerson(t, 'beta-operator', 'Beta Bridges');
    const onA2 = await companyPerson(t, 'alpha-on-2', 'Alpha Spans');
    const alertOf = async (companyId: number, prefix: string) => {
      const { bridge } = await bridgeWithSensor(t, companyId, prefix);
      return { bridge: bridge.id, alert: await offlineAlert(t, bridge.id, prefix) };
    };
    const a1 = await alertOf(adminA.row.companyId, 'alpha1');
    const a2 = await alertOf(adminA.row.companyId, 'alpha2');
    const b = await alertOf(adminB.row.companyId, 'beta');
    await db.insert(userBridges).values([
      { userId: operatorB.row.id, bridgeId: a1.bridge },
      { userId: operatorB.row.id, bridgeId: b.bridge },
      { userId: onA2.row.id, bridgeId: a2.bridge },
    ]);
    const notice = async (userId: number, alertId: number) => {
      const [row] = await db
        .insert(notifications)
        .values({ userId, alertId, kind: 'raised' })
        .returning();
      if (!row) throw new Error('notice not written');
      return row;
    };
    const notices = {
      // The policy follows the alert, not the recipient (decision 072: a notice to someone
      // else of the company's alert, which acknowledging updates, is the company's too; the
      // bell's repository narrows to the user's own rows). So Beta's operator sees its own
      // notices of Beta's alert and of the Alpha bridge it is assigned, its administrator's of
      // Beta's alert, and Alpha's administrator's of that assigned bridge's alert ...
      operatorOfA1: await notice(operatorB.row.id, a1.alert),
      operatorOfB: await notice(operatorB.row.id, b.alert),
      adminBOfB: await notice(adminB.row.id, b.alert),
      adminAOfA1: await notice(adminA.row.id, a1.alert),
      // ... and neither another company's notice of a bridge it cannot see nor its own notice of
      // that bridge (one it was unassigned from, say).
      onA2OfA2: await notice(onA2.row.id, a2.alert),
      operatorOfA2: await notice(operatorB.row.id, a2.alert),
    };
    return { a1, a2, b, adminA, adminB, operatorB, notices };
  }

  it('copies the alert’s bridge on insert, whatever the writer gives', async () => {
    const { a2, b, operatorB, notices } = await cast();
    const { db } = t.services.database;
    expect(notices.onA2OfA2.bridgeId).toBe(a2.bridge);
    // A forged bridge is overwritten with the alert's own, and a tenant's insert of a notice
    // of an alert it cannot see is then refused by the policy's check.
    const [forged] = await db
      .insert(notifications)
      .values({ userId: operatorB.row.id, alertId: b.alert, kind: 'cleared', bridgeId: a2.bridge })
      .returning();
    expect(forged?.bridgeId).toBe(b.bridge);
    const tenant = { companyId: operatorB.row.companyId, userId: operatorB.row.id };
    await expect(
      inRequestTransaction(db, { tenant }, () =>
        db.insert(notifications).values({
          userId: operatorB.row.id,
          alertId: a2.alert,
          kind: 'cleared',
          bridgeId: b.bridge,
        }),
      ),
    ).rejects.toSatisfy(refusedByPolicy);
  });

  it('refuses the same notices as the alert-based policy, with no filter in the query or the update', async () => {
    const { adminB, operatorB, notices } = await cast();
    const { db } = t.services.database;
    const seenBy = (person: typeof adminB) =>
      inRequestTransaction(
        db,
        { tenant: { companyId: person.row.companyId, userId: person.row.id } },
        async () => {
          // No user or company filter at all: only the wall stands between.
          const all = ids(rowsOf(await db.execute(sql`SELECT id FROM notifications`)));
          // A change aimed at every row reaches the visible ones only.
          const marked = await db
            .update(notifications)
            .set({ readAt: new Date() })
            .returning({ id: notifications.id });
          return { all, marked: ids(marked) };
        },
      );
    const sorted = (...rows: { id: number }[]) => ids(rows);
    const forOperator = sorted(
      notices.operatorOfA1,
      notices.operatorOfB,
      notices.adminBOfB,
      notices.adminAOfA1,
    );
    expect(await seenBy(operatorB)).toEqual({ all: forOperator, marked: forOperator });
    const forAdmin = sorted(notices.operatorOfB, notices.adminBOfB);
    expect(await seenBy(adminB)).toEqual({ all: forAdmin, marked: forAdmin });
    // Outside the wall (the server's own role) every notice is there: the wall refused them.
    expect(ids(rowsOf(await db.execute(sql`SELECT id FROM notifications`)))).toHaveLength(6);
    const [unread] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM notifications WHERE read_at IS NULL`),
    );
    expect(unread?.n).toBe(2);
  });

  it('plans the unread list with one InitPlan, no SubPlan, and a policy that reads no alerts', async () => {
    const { operatorB } = await cast();
    const { db } = t.services.database;
    const tenant = { companyId: operatorB.row.companyId, userId: operatorB.row.id };
    const query = `SELECT * FROM notifications WHERE user_id = ${operatorB.row.id} AND read_at IS NULL`;
    const shape = await inRequestTransaction(db, { tenant }, () => planShape(db, query));
    expect(shape).toEqual({ initPlans: 1, subPlans: 0 });
    const [policy] = rowsOf<{ qual: string }>(
      await db.execute(
        sql`SELECT qual FROM pg_policies WHERE tablename = 'notifications' AND policyname = 'tenant_rows'`,
      ),
    );
    // Before 0070: alert_id = ANY (spanwatch_visible_alerts()), a scan of the alerts per query.
    expect(policy?.qual).toMatch(/bridge_id = ANY .*spanwatch_visible_bridges\(\)/);
    expect(policy?.qual).not.toMatch(/alert/);
  });
});
