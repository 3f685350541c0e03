import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inRequestTransaction } from '../../../server/audit/audited-transaction.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { cableTensions, datastreams } from '../../../server/db/schema.ts';
import { bridgeWithSensor, companyPerson } from '../../helpers/company-person.ts';
import { type TestContext, setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

// Migration 0059: the stored cable tensions belong to a bridge, so row-level security
// (decision 072) keeps another company's from a company's transaction (decision 079).

async function tensionedBridge(t: TestContext, companyId: number, prefix: string, kn: number) {
  const { bridge, sensor } = await bridgeWithSensor(t, companyId, prefix);
  const { db } = t.services.database;
  const [stream] = await db
    .insert(datastreams)
    .values({ companyId, streamId: `${prefix}-stay`, dataType: 'acceleration' })
    .returning({ id: datastreams.id });
  await db.insert(cableTensions).values({
    bridgeId: bridge.id,
    sensorId: sensor.id,
    datastreamId: stream?.id ?? 0,
    windowStart: new Date('2026-04-30T12:00:00Z'),
    tensionN: kn * 1000,
    uncertaintyN: 1000,
    harmonics: [],
    evaluatedAt: new Date(),
  });
  return bridge;
}

describe.each(drivers)('stored cable tensions under row-level security on %s', (kind) => {
  const t = setupTestApp(kind);

  it("shows a company's transaction its own bridges' tensions only", async () => {
    const adminA = await companyPerson(t, 'alpha-admin', 'Alpha Spans', { admin: true });
    const adminB = await companyPerson(t, 'beta-admin', 'Beta Bridges', { admin: true });
    await tensionedBridge(t, adminA.row.companyId, 'alpha', 3000);
    await tensionedBridge(t, adminB.row.companyId, 'beta', 1200);
    const { db } = t.services.database;
    const tenant = { companyId: adminB.row.companyId, userId: adminB.row.id };
    const seen = await inRequestTransaction(db, { tenant }, async () =>
      rowsOf<{ tension_n: number }>(
        await db.execute(sql`select tension_n from cable_tensions order by id`),
      ).map((row) => row.tension_n),
    );
    expect(seen).toEqual([1_200_000]);
    // Outside a company's transaction (the analysis, platform staff) both are there.
    expect(await db.select().from(cableTensions)).toHaveLength(2);
  });
});
