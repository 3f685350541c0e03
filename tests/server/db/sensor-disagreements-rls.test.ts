import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inRequestTransaction } from '../../../server/audit/audited-transaction.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { datastreams } from '../../../server/db/schema.ts';
import { bridgeWithSensor, companyPerson } from '../../helpers/company-person.ts';
import { type TestContext, setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

// Migration 0056: the stored twin disagreements belong to a bridge, so row-level security
// (decision 072) keeps another company's from a company's transaction, as for sensor faults.

async function disagreeingBridge(t: TestContext, companyId: number, prefix: string) {
  const { bridge } = await bridgeWithSensor(t, companyId, prefix);
  const [a, b] = await t.services.database.db
    .insert(datastreams)
    .values(
      [`${prefix}-str`, `${prefix}-strb`].map((streamId) => ({
        streamId,
        dataType: 'strain',
        companyId,
      })),
    )
    .returning({ id: datastreams.id });
  await t.services.sensorDisagreements.record(
    bridge.id,
    [
      {
        datastreamIds: [a?.id ?? 0, b?.id ?? 0],
        onsetMs: Date.parse('2026-04-29T22:00:00Z'),
        ratioChangePercent: 10,
        detail: `${prefix}-str and ${prefix}-strb disagree`,
      },
    ],
    Date.parse('2026-04-30T12:00:00Z'),
    new Date(),
  );
  return bridge;
}

describe.each(drivers)('stored twin disagreements under row-level security on %s', (kind) => {
  const t = setupTestApp(kind);

  it("shows a company's transaction its own bridges' pairs only", async () => {
    const adminA = await companyPerson(t, 'alpha-admin', 'Alpha Spans', { admin: true });
    const adminB = await companyPerson(t, 'beta-admin', 'Beta Bridges', { admin: true });
    const bridgeA = await disagreeingBridge(t, adminA.row.companyId, 'alpha');
    await disagreeingBridge(t, adminB.row.companyId, 'beta');
    const { db } = t.services.database;
    const tenant = { companyId: adminB.row.companyId, userId: adminB.row.id };
    const seen = await inRequestTransaction(db, { tenant }, async () => ({
      rows: rowsOf<{ detail: string }>(
        await db.execute(sql`select detail from sensor_disagreements order by id`),
      ).map((row) => row.detail),
      // The repository's look-up by bridge, with A's bridge asked for by id.
      ofA: await t.services.sensorDisagreements.openOf(bridgeA.id),
    }));
    expect(seen).toEqual({ rows: ['beta-str and beta-strb disagree'], ofA: [] });
    // Outside a company's transaction (the analysis, platform staff) both are there.
    expect(await t.services.sensorDisagreements.openOf(bridgeA.id)).toHaveLength(1);
  });
});
