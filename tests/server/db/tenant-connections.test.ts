import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTenantRead, type TenantScope } from '../../../server/audit/audited-transaction.ts';
import { requestScopedDatabase } from '../../../server/audit/audited-transaction.ts';
import { type Database, openDatabase } from '../../../server/db/client.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { bridgeWithSensor, companyPerson } from '../../helpers/company-person.ts';
import { type TestContext, setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

// Decision 072, amended: a company's reads run on connections that hold its company for their
// session, not in a transaction. These tests show a connection never carries one request's
// company into another request's queries, on a pool of one connection (so the next request gets
// the very connection the last one used) and on the embedded database's one connection.

/** Two companies with a bridge each, and the tenant scope of each one's administrator. */
async function twoCompanies(t: TestContext) {
  const adminA = await companyPerson(t, 'alpha-admin', 'Alpha Spans', { admin: true });
  const adminB = await companyPerson(t, 'beta-admin', 'Beta Bridges', { admin: true });
  await bridgeWithSensor(t, adminA.row.companyId, 'alpha');
  await bridgeWithSensor(t, adminB.row.companyId, 'beta');
  const scope = (who: typeof adminA): TenantScope => ({
    companyId: who.row.companyId,
    userId: who.row.id,
  });
  return { tenantA: scope(adminA), tenantB: scope(adminB) };
}

/** What a request's unfiltered query sees: the bridges' names, and the connection it ran on. */
async function seenBy(db: Database['db']) {
  const [connection] = rowsOf<{ pid: number }>(
    await db.execute(sql`select pg_backend_pid() as pid`),
  );
  const names = rowsOf<{ name: string }>(
    await db.execute(sql`select name from bridges order by name`),
  ).map((row) => row.name);
  return { pid: connection?.pid, names };
}

describe.each(drivers)('tenant connections on %s', (kind) => {
  const t = setupTestApp(kind);
  let database: Database;
  let ownPool: Database | undefined;

  beforeEach(() => {
    // On the server, a pool of one connection: every request below gets the same one.
    ownPool =
      kind === 'postgres' ? openDatabase({ databaseUrl: t.databaseUrl, poolSize: 1 }) : undefined;
    database = requestScopedDatabase(ownPool ?? t.services.database);
  });

  afterEach(async () => {
    await ownPool?.close();
  });

  it("answers a company's request after another's failed request with its own rows only", async () => {
    const { tenantA, tenantB } = await twoCompanies(t);
    const { db } = database;
    let seenByA: Awaited<ReturnType<typeof seenBy>> | undefined;
    await expect(
      inTenantRead(db, tenantA, async () => {
        seenByA = await seenBy(db);
        await db.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    await expect(
      inTenantRead(db, tenantA, async () => {
        throw new Error('the handler failed after its queries');
      }),
    ).rejects.toThrow('the handler failed');
    const seenByB = await inTenantRead(db, tenantB, () => seenBy(db));
    expect(seenByA?.names).toEqual(['alpha Bridge']);
    expect(seenByB.names).toEqual(['beta Bridge']);
    expect(seenByB.pid).toBe(seenByA?.pid);
    // The server's own work is not held to any company.
    expect((await seenBy(db)).names).toEqual(['alpha Bridge', 'beta Bridge']);
  });

  it("answers each of two companies' parallel queries with its own rows only", async () => {
    const { tenantA, tenantB } = await twoCompanies(t);
    const { db } = database;
    const read = (tenant: TenantScope) =>
      inTenantRead(db, tenant, () => Promise.all([seenBy(db), seenBy(db), seenBy(db)]));
    const answers = await Promise.all([read(tenantA), read(tenantB), read(tenantA), read(tenantB)]);
    expect(answers.map((three) => three.map((seen) => seen.names.join()))).toEqual([
      ['alpha Bridge', 'alpha Bridge', 'alpha Bridge'],
      ['beta Bridge', 'beta Bridge', 'beta Bridge'],
      ['alpha Bridge', 'alpha Bridge', 'alpha Bridge'],
      ['beta Bridge', 'beta Bridge', 'beta Bridge'],
    ]);
  });

  it.runIf(kind === 'postgres')(
    'hands a queued request the connection another request holds between its queries, each held to its own company',
    async () => {
      const { tenantA, tenantB } = await twoCompanies(t);
      const { db } = database;
      type Seen = Awaited<ReturnType<typeof seenBy>>;
      let sent = () => {};
      const firstSent = new Promise<void>((resolve) => (sent = resolve));
      let answered = (_seen: Seen) => {};
      const bAnswered = new Promise<Seen>((resolve) => (answered = resolve));
      const order: string[] = [];
      // A's handler waits between its two queries (for B's answer, 5 s at most) on a pool of
      // one connection; B's request is queued for that connection meanwhile.
      const a = inTenantRead(db, tenantA, async () => {
        const first = seenBy(db);
        sent();
        const seenFirst = await first;
        await Promise.race([bAnswered, new Promise((resolve) => setTimeout(resolve, 5000))]);
        order.push('A goes on');
        return [seenFirst, await seenBy(db)] as const;
      });
      await firstSent;
      const b = inTenantRead(db, tenantB, () => seenBy(db)).then((seen) => {
        order.push('B answered');
        answered(seen);
        return seen;
      });
      const [[firstA, secondA], seenB] = await Promise.all([a, b]);
      expect(order).toEqual(['B answered', 'A goes on']);
      expect(firstA.names).toEqual(['alpha Bridge']);
      expect(secondA.names).toEqual(['alpha Bridge']);
      expect(seenB.names).toEqual(['beta Bridge']);
      // One connection answered all three, held to A's company, then B's, then A's again.
      expect(new Set([firstA.pid, seenB.pid, secondA.pid]).size).toBe(1);
    },
  );

  it.runIf(kind === 'postgres')(
    'destroys a connection a request left inside a transaction',
    async () => {
      const { tenantA, tenantB } = await twoCompanies(t);
      const { db } = database;
      const left = await inTenantRead(db, tenantA, async () => {
        await db.execute(sql`begin`);
        return seenBy(db);
      });
      const next = await inTenantRead(db, tenantB, async () => ({
        ...(await seenBy(db)),
        inTransaction: rowsOf<{ open: boolean }>(
          await db.execute(sql`select now() <> statement_timestamp() as open`),
        )[0]?.open,
      }));
      expect(next.pid).not.toBe(left.pid);
      expect(next.names).toEqual(['beta Bridge']);
      expect(next.inTransaction).toBe(false);
    },
  );

  it.runIf(kind === 'postgres')(
    "sends a handler's parallel queries one at a time on each connection",
    async () => {
      const { tenantA } = await twoCompanies(t);
      const { db } = database;
      // node-postgres warns (once a process, so not seen here) when a query is sent to a
      // connection still busy with another: count those sends instead.
      const busy = new Map<pg.Client, number>();
      let overlaps = 0;
      const query = pg.Client.prototype.query;
      const counted = function (this: pg.Client, ...args: unknown[]) {
        const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
        if (!(answer instanceof Promise)) return answer;
        if ((busy.get(this) ?? 0) > 0) overlaps += 1;
        busy.set(this, (busy.get(this) ?? 0) + 1);
        return answer.finally(() => busy.set(this, (busy.get(this) ?? 1) - 1));
      };
      pg.Client.prototype.query = counted as typeof query;
      try {
        const seen = await inTenantRead(db, tenantA, () =>
          Promise.all(Array.from({ length: 6 }, () => seenBy(db))),
        );
        expect(seen.map((one) => one.names.join())).toEqual(Array(6).fill('alpha Bridge'));
      } finally {
        pg.Client.prototype.query = query;
      }
      expect(overlaps).toBe(0);
    },
  );

  it.runIf(kind === 'postgres')(
    "opens no more connections than the pool's size for companies' reads and the server's own work together",
    async () => {
      const { tenantA, tenantB } = await twoCompanies(t);
      // A pool of two, named so its connections can be counted on the server.
      const url = new URL(t.databaseUrl ?? '');
      url.searchParams.set('application_name', 'spanwatch_pool_of_two');
      const two = openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      try {
        const { db } = requestScopedDatabase(two);
        let most = 0;
        let done = false;
        const watch = (async () => {
          while (!done) {
            const [row] = rowsOf<{ n: number }>(
              await t.services.database.db.execute(
                sql`select count(*)::int as n from pg_stat_activity
                    where application_name = 'spanwatch_pool_of_two'`,
              ),
            );
            most = Math.max(most, row?.n ?? 0);
          }
        })();
        const slowly = sql`select pg_sleep(0.05)`;
        const reads = [tenantA, tenantB, tenantA, tenantB].map((tenant) =>
          inTenantRead(db, tenant, () => Promise.all([seenBy(db), db.execute(slowly), seenBy(db)])),
        );
        const own = Array.from({ length: 4 }, () => Promise.all([db.execute(slowly), seenBy(db)]));
        const [answers, ownAnswers] = await Promise.all([Promise.all(reads), Promise.all(own)]);
        done = true;
        await watch;
        expect(answers.map(([first]) => first.names.join())).toEqual([
          'alpha Bridge',
          'beta Bridge',
          'alpha Bridge',
          'beta Bridge',
        ]);
        // The server's own work on the same connections is held to no company.
        expect(ownAnswers.map(([, seen]) => seen.names.join())).toEqual(
          Array(4).fill('alpha Bridge,beta Bridge'),
        );
        expect(most).toBeGreaterThan(0);
        expect(most).toBeLessThanOrEqual(2);
      } finally {
        await two.close();
      }
    },
  );
});
