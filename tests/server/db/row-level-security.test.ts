import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { inRequestTransaction } from '../../../server/audit/audited-transaction.ts';
import { spans } from '../../../server/db/schema.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { metricsRegistry } from '../../../server/ops/metrics.ts';
import type { Viewer } from '../../../server/repositories/visibility.ts';
import type { Services } from '../../../server/services.ts';
import { bridgeWithSensor, companyPerson, offlineAlert } from '../../helpers/company-person.ts';
import { type TestContext, setupTestApp, testConfig } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

// Decision 072: row-level security is the second wall behind the repositories' company
// filters. Each test takes a filter away on purpose and shows the database still refuses the
// other company's rows to a company's request, while platform staff's bypass sees them and is
// counted.

/** The repositories' filters, taken away: every viewer is treated as platform staff. */
const withoutCompanyFilters = (base: Services): Partial<Services> => {
  const asStaff = (viewer: Viewer): Viewer => ({ ...viewer, isStaff: true });
  return {
    bridgeConditions: {
      ...base.bridgeConditions,
      list: (v) => base.bridgeConditions.list(asStaff(v)),
    },
    alerts: {
      ...base.alerts,
      list: (v, query) => base.alerts.list(asStaff(v), query),
      bridgeIsVisible: (v, id) => base.alerts.bridgeIsVisible(asStaff(v), id),
    },
    spans: { ...base.spans, list: (v, bridgeId) => base.spans.list(asStaff(v), bridgeId) },
    sensors: { ...base.sensors, list: (v, bridgeId) => base.sensors.list(asStaff(v), bridgeId) },
  };
};

async function twoCompanies(t: TestContext) {
  const { ingestTokens, users } = t.services;
  const structure = async (companyId: number, prefix: string) => {
    const { bridge, span, sensor } = await bridgeWithSensor(t, companyId, prefix);
    await ingestTokens.create(bridge.id, `${prefix} gateway`);
    await offlineAlert(t, bridge.id, prefix);
    return { bridge, span, sensor };
  };
  const adminA = await companyPerson(t, 'alpha-admin', 'Alpha Spans', { admin: true });
  const adminB = await companyPerson(t, 'beta-admin', 'Beta Bridges', { admin: true });
  const operatorB = await companyPerson(t, 'beta-operator', 'Beta Bridges');
  const staff = await companyPerson(t, 'platform-staff', 'SpanWatch Platform', { staff: true });
  const a = await structure(adminA.row.companyId, 'alpha');
  const b = await structure(adminB.row.companyId, 'beta');
  await users.setBridges(operatorB.row.id, [b.bridge.id]);
  return { a, b, adminA, adminB, operatorB, staff };
}

const get = async (t: TestContext, url: string, token: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as unknown;
};

const rowsIn = (body: unknown) =>
  (Array.isArray(body) ? body : (body as { data: unknown[] }).data) as {
    name?: string;
    bridge?: number;
  }[];
const namesOf = (body: unknown) =>
  rowsIn(body)
    .map((row) => row.name)
    .sort();
/** The bridges a list's rows (spans, sensors, alerts) belong to. */
const bridgesOf = (body: unknown) => [...new Set(rowsIn(body).map((row) => row.bridge))];

/** drizzle wraps the database's error; the policy's refusal is its cause. */
const refusedByPolicy = (error: unknown) =>
  /row-level security policy/.test(String((error as { cause?: Error }).cause?.message));

const bypassCount = async (operation: string) => {
  const metric = await metricsRegistry
    .getSingleMetric('spanwatch_row_security_bypass_requests_total')
    ?.get();
  return metric?.values.find((v) => v.labels.operation === operation)?.value ?? 0;
};

describe.each(drivers)('row-level security on %s', (kind) => {
  const t = setupTestApp(kind, { overrides: withoutCompanyFilters });

  it("refuses another company's rows to a company's transaction whatever the query asks", async () => {
    const { a, b, adminB } = await twoCompanies(t);
    const { db } = t.services.database;
    const tenant = { companyId: adminB.row.companyId, userId: adminB.row.id };
    const seen = await inRequestTransaction(db, { tenant }, async () => {
      // The repository's unscoped look-up by id, and plain selects with no company filter.
      const bridgeOfA = await t.services.bridges.findById(a.bridge.id);
      const count = async (table: string) => {
        const [row] = rowsOf<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`),
        );
        return row?.n;
      };
      const counts: Record<string, number | undefined> = {};
      for (const table of ['bridges', 'spans', 'sensors', 'ingest_tokens', 'alerts']) {
        counts[table] = await count(table);
      }
      // A change aimed at A's bridge reaches no row.
      const renamed = await t.services.bridges.update(a.bridge.id, { name: 'Taken Over' });
      return { bridgeOfA, counts, renamed };
    });
    expect(seen.bridgeOfA).toBeUndefined();
    expect(seen.counts).toEqual({ bridges: 1, spans: 1, sensors: 1, ingest_tokens: 1, alerts: 1 });
    expect(seen.renamed).toBeUndefined();
    expect((await t.services.bridges.findById(a.bridge.id))?.name).toBe('alpha Bridge');
    // Its own rows stay reachable.
    const own = await inRequestTransaction(db, { tenant }, () =>
      t.services.bridges.findById(b.bridge.id),
    );
    expect(own?.name).toBe('beta Bridge');
  });

  it("refuses a company's transaction a row written into another company", async () => {
    const { a, adminB } = await twoCompanies(t);
    const tenant = { companyId: adminB.row.companyId, userId: adminB.row.id };
    const { db } = t.services.database;
    await expect(
      inRequestTransaction(db, { tenant }, () =>
        // Straight to the table: the repository would first look A's bridge up and not find it.
        db.insert(spans).values({ bridgeId: a.bridge.id, label: 'smuggled', length: 10 }),
      ),
    ).rejects.toSatisfy(refusedByPolicy);
    await expect(
      inRequestTransaction(db, { tenant }, () =>
        t.services.bridges.create({
          companyId: a.bridge.companyId,
          name: 'Smuggled',
          location: 'x',
        }),
      ),
    ).rejects.toSatisfy(refusedByPolicy);
    expect(await t.services.spans.list({ id: 0, isStaff: true }, a.bridge.id)).toHaveLength(1);
  });

  it("answers a company's lists with its own rows only when the repositories' filters are gone", async () => {
    const { b, adminB, operatorB } = await twoCompanies(t);
    for (const who of [adminB, operatorB]) {
      expect(namesOf(await get(t, '/api/v1/bridges', who.token))).toEqual(['beta Bridge']);
      for (const list of ['spans', 'sensors', 'alerts']) {
        expect(bridgesOf(await get(t, `/api/v1/${list}`, who.token)), list).toEqual([b.bridge.id]);
      }
    }
    // The same app without the second wall leaks A's bridge: the wall is what refused it.
    const unwalled = await buildApp({
      config: { ...testConfig, rowLevelSecurity: false },
      services: t.services,
    });
    try {
      const response = await unwalled.inject({
        method: 'GET',
        url: '/api/v1/bridges',
        headers: { authorization: `Bearer ${adminB.token}` },
      });
      expect(namesOf(response.json())).toEqual(['alpha Bridge', 'beta Bridge']);
    } finally {
      await unwalled.close();
    }
  });

  it("lets platform staff see every company's rows, and counts each such request", async () => {
    const { staff } = await twoCompanies(t);
    const before = await bypassCount('listBridges');
    expect(namesOf(await get(t, '/api/v1/bridges', staff.token))).toEqual([
      'alpha Bridge',
      'beta Bridge',
    ]);
    expect(await bypassCount('listBridges')).toBe(before + 1);
  });
});
