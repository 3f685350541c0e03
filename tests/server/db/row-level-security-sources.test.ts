import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inRequestTransaction } from '../../../server/audit/audited-transaction.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { userBridges } from '../../../server/db/schema.ts';
import { bridgeWithSensor, companyPerson, offlineAlert } from '../../helpers/company-person.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { planShape, planShapeWithHashes } from '../../helpers/plan-shape.ts';
import { drivers } from '../../helpers/test-database.ts';

// Decision 072, amended 2026-12-02 (c) (migration 0066): every "owned by a visible X" policy
// reads X's visible ids through a static PL/pgSQL security-definer function of X's own rule,
// not 0064's dynamic `spanwatch_visible_ids`, and the users policy's last arm is one InitPlan.

const ids = (rows: { id: number }[]) => rows.map((row) => Number(row.id)).sort((x, y) => x - y);

describe.each(drivers)('row-level security through static source functions on %s', (kind) => {
  const t = setupTestApp(kind);

  /**
   * Alpha (two bridges, an operator on each), Beta (a bridge, its administrator, an operator
   * whom platform staff also assigned Alpha's first bridge: decision 040) and Gamma (a bridge
   * nobody of Beta may see). Each bridge has a span, a sensor and an open alert.
   */
  async function threeCompanies() {
    const { db } = t.services.database;
    const adminA = await companyPerson(t, 'alpha-admin', 'Alpha Spans', { admin: true });
    const adminB = await companyPerson(t, 'beta-admin', 'Beta Bridges', { admin: true });
    const adminC = await companyPerson(t, 'gamma-admin', 'Gamma Crossings', { admin: true });
    const operatorB = await companyPerson(t, 'beta-operator', 'Beta Bridges');
    const onA1 = await companyPerson(t, 'alpha-on-1', 'Alpha Spans');
    const onA2 = await companyPerson(t, 'alpha-on-2', 'Alpha Spans');
    const structure = async (companyId: number, prefix: string) => {
      const made = await bridgeWithSensor(t, companyId, prefix);
      return { ...made, alert: await offlineAlert(t, made.bridge.id, prefix) };
    };
    const a1 = await structure(adminA.row.companyId, 'alpha1');
    const a2 = await structure(adminA.row.companyId, 'alpha2');
    const b = await structure(adminB.row.companyId, 'beta');
    const c = await structure(adminC.row.companyId, 'gamma');
    await db.insert(userBridges).values([
      { userId: onA1.row.id, bridgeId: a1.bridge.id },
      { userId: onA2.row.id, bridgeId: a2.bridge.id },
      { userId: operatorB.row.id, bridgeId: a1.bridge.id },
      { userId: operatorB.row.id, bridgeId: b.bridge.id },
    ]);
    return { a1, a2, b, c, adminA, adminB, adminC, operatorB, onA1, onA2 };
  }

  it('plans each policy it changed as one InitPlan and no SubPlan', async () => {
    const { adminB } = await threeCompanies();
    const { db } = t.services.database;
    const tenant = { companyId: adminB.row.companyId, userId: adminB.row.id };
    const tables = [
      'bridges',
      'users',
      'companies',
      'contact_groups',
      'spans',
      'notifications',
      'alert_actions',
      'rota_members',
      'inspection_photos',
    ];
    const plans = await inRequestTransaction(db, { tenant }, async () => {
      const found: Record<string, { initPlans: number; subPlans: number }> = {};
      for (const table of tables) found[table] = await planShape(db, `SELECT * FROM ${table}`);
      return found;
    });
    // Before 0066 the users list planned an InitPlan (the visible bridges) and a SubPlan (the
    // people assigned them, user_bridges read per query); before 0075 the bridges planned their
    // assignment arm as a SubPlan.
    const once = { initPlans: 1, subPlans: 0 };
    expect(plans).toEqual(Object.fromEntries(tables.map((table) => [table, once])));
  });

  it("plans a sensor's rows as one hashed read of the visible sensors (migration 0075)", async () => {
    const { adminB } = await threeCompanies();
    const { db } = t.services.database;
    const tenant = { companyId: adminB.row.companyId, userId: adminB.row.id };
    const plans = await inRequestTransaction(db, { tenant }, async () => ({
      fatigue_details: await planShapeWithHashes(db, 'SELECT * FROM fatigue_details'),
      datastream_sensors: await planShapeWithHashes(db, 'SELECT * FROM datastream_sensors'),
    }));
    // The sensors read once per statement under their own policy (its InitPlan: the visible
    // bridges), hashed, instead of 0066's array of every visible sensor in the index condition.
    const hashedOnce = { initPlans: 1, subPlans: 1, perRowSubPlans: 0 };
    expect(plans).toEqual({ fatigue_details: hashedOnce, datastream_sensors: hashedOnce });
  });

  it('reads every policy source through static security-definer functions only the tenant role may run', async () => {
    const { db } = t.services.database;
    const called = rowsOf<{ name: string }>(
      await db.execute(sql`SELECT DISTINCT m[1] AS name
        FROM pg_policies,
             regexp_matches(coalesce(qual, '') || ' ' || coalesce(with_check, ''), '(spanwatch_\\w+)\\(', 'g') AS m
        WHERE schemaname = 'public' ORDER BY 1`),
    ).map((row) => row.name);
    expect(called).toContain('spanwatch_visible_bridges');
    // spanwatch_company() / spanwatch_user() read the request's settings; the rest read tables.
    const readers = called.filter(
      (name) => !['spanwatch_company', 'spanwatch_user'].includes(name),
    );
    const described = rowsOf<{
      name: string;
      language: string;
      definer: boolean;
      config: string[] | string | null;
      dynamic: boolean;
      tenant: boolean;
      public: boolean;
    }>(
      await db.execute(sql`SELECT p.proname AS name, l.lanname AS language, p.prosecdef AS definer,
          p.proconfig AS config, p.prosrc ~* '\\mEXECUTE\\M' AS dynamic,
          has_function_privilege('spanwatch_tenant', p.oid, 'EXECUTE') AS tenant,
          coalesce(p.proacl::text ~ '(^|[{,])=X', true) AS public
        FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
        WHERE p.proname = ANY (${`{${readers.join(',')}}`}::text[]) ORDER BY 1`),
    );
    expect(described.map((row) => row.name)).toEqual(readers);
    for (const row of described) {
      expect(
        {
          language: row.language,
          definer: row.definer,
          searchPath: String(row.config).includes('search_path=public'),
          dynamic: row.dynamic,
          tenant: row.tenant,
          public: row.public,
        },
        row.name,
      ).toEqual({
        language: 'plpgsql',
        definer: true,
        searchPath: true,
        dynamic: false,
        tenant: true,
        public: false,
      });
    }
  });

  it('shows an operator assigned across companies what it showed before, and a request nothing outside its settings', async () => {
    const cast = await threeCompanies();
    const { a1, b, adminB, operatorB, onA1 } = cast;
    const { db } = t.services.database;
    const list = async (query: SQL) => ids(rowsOf<{ id: number }>(await db.execute(query)));
    const seenBy = (person: typeof adminB) =>
      inRequestTransaction(
        db,
        { tenant: { companyId: person.row.companyId, userId: person.row.id } },
        async () => ({
          bridges: await list(sql`SELECT id FROM bridges`),
          spans: await list(sql`SELECT id FROM spans`),
          sensors: await list(sql`SELECT id FROM sensors`),
          alerts: await list(sql`SELECT id FROM alerts`),
          companies: await list(sql`SELECT id FROM companies`),
          users: await list(sql`SELECT id FROM users WHERE NOT is_staff`),
        }),
      );
    const sorted = (...values: number[]) => values.sort((x, y) => x - y);
    // Beta's own, Alpha's first bridge (assigned), Alpha's company; the people of Beta and the
    // one Alpha operator of that bridge; never Alpha's second bridge, Gamma, or alpha-on-2.
    expect(await seenBy(operatorB)).toEqual({
      bridges: sorted(a1.bridge.id, b.bridge.id),
      spans: sorted(a1.span.id, b.span.id),
      sensors: sorted(a1.sensor.id, b.sensor.id),
      alerts: sorted(a1.alert, b.alert),
      companies: sorted(cast.adminA.row.companyId, adminB.row.companyId),
      users: sorted(adminB.row.id, operatorB.row.id, onA1.row.id),
    });
    // Beta's administrator, assigned nothing across, sees Beta's rows and people only.
    expect(await seenBy(adminB)).toEqual({
      bridges: [b.bridge.id],
      spans: [b.span.id],
      sensors: [b.sensor.id],
      alerts: [b.alert],
      companies: [adminB.row.companyId],
      users: sorted(adminB.row.id, operatorB.row.id),
    });
    // The tenant role without a company's settings: every function empty, every table too.
    const bare = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('role', 'spanwatch_tenant', true)`);
      const [row] = rowsOf<Record<string, number>>(
        await tx.execute(sql`SELECT
          cardinality(spanwatch_visible_bridges()) AS bridges_fn,
          cardinality(spanwatch_visible_sensors()) AS sensors_fn,
          cardinality(spanwatch_visible_alerts()) AS alerts_fn,
          (SELECT count(*)::int FROM sensors) AS sensors,
          (SELECT count(*)::int FROM alerts) AS alerts,
          (SELECT count(*)::int FROM companies) AS companies`),
      );
      return row;
    });
    expect(bare).toEqual({
      bridges_fn: 0,
      sensors_fn: 0,
      alerts_fn: 0,
      sensors: 0,
      alerts: 0,
      companies: 0,
    });
  });
});
