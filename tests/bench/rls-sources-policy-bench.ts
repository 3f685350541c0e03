// npx tsx tests/bench/rls-sources-policy-bench.ts [pglite|postgres] — the policies of the tables
// owned by a bridge, sensor or alert, and the users list, under 0064's dynamic
// `spanwatch_visible_ids`, under the static functions of migration 0066, under those with 0070's
// notifications policy (the alert's bridge, not every visible alert) and under no policy on them
// at all (USING (true): the floor), in one run on one database (decision 072,
// amended 2026-12-02 (c)). Three companies of 4 bridges × 10 sensors (2 calibrations each) and
// 50 alerts a bridge; the measured company's operator is assigned a bridge of another company
// and has a notification for each of its company's alerts. As that operator, in a request's
// transaction, the dashboard's reads of these tables: a bridge's sensors, spans and alerts, a
// sensor's calibrations, the unread notifications count and the users list. Blocks of queries
// under one policy set, then the others, order alternating; the sets swapped by ALTER POLICY.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/pg-arrays.ts';
import { projectPath } from '../../server/project-paths.ts';
import { createTestDatabase, type DriverKind } from '../helpers/test-database.ts';
import {
  blockRatios,
  median,
  migrationStatements,
  runPolicyBlocks,
  spread,
} from './rls-policy-blocks.ts';

const kind = (process.argv[2] ?? 'pglite') as DriverKind;
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 6);
const PER_BLOCK = Number(process.env.BENCH_PER_BLOCK ?? 3);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);

const migration = readFileSync(
  projectPath('server', 'db', 'migrations', '0066_rls_static_sources.sql'),
  'utf8',
);
// The owned tables of 0066's list: table, key column, function.
const owned = [...migration.matchAll(/\['(\w+)', '(\w+)', '(spanwatch_visible_\w+)'\]/g)].map(
  ([, table, column, fn]) => ({ table: String(table), column: String(column), fn: String(fn) }),
);
const sourceOf = (fn: string) => fn.replace('spanwatch_visible_', '');
const ownedPolicies = (using: (o: (typeof owned)[number]) => string) =>
  owned.map((o) => `ALTER POLICY tenant_rows ON ${o.table} USING (${using(o)})`);
const policies0066 = [
  ...ownedPolicies((o) => `${o.column} = ANY ((SELECT ${o.fn}())::integer[])`),
  ...migrationStatements('0066_rls_static_sources.sql', 'ALTER POLICY tenant_read'),
];
// 0070: the same, but the notifications compare their bridge (copied from the alert) with the
// visible bridges (decision 072, amended 2026-12-02 (d)).
const notificationsPolicy0070 = migrationStatements(
  '0070_notifications_policy_by_bridge.sql',
  'ALTER POLICY tenant_rows ON notifications',
);
const policies0070 = [...policies0066, ...notificationsPolicy0070];
const policies0064 = [
  ...ownedPolicies(
    (o) => `${o.column} = ANY ((SELECT spanwatch_visible_ids('${sourceOf(o.fn)}'))::integer[])`,
  ),
  `ALTER POLICY tenant_read ON companies USING (id = spanwatch_company()
     OR id = ANY ((SELECT spanwatch_visible_ids('bridges', 'company_id'))::integer[]))`,
  `ALTER POLICY tenant_read ON contact_groups USING (company_id = spanwatch_company()
     OR company_id = ANY ((SELECT spanwatch_visible_ids('bridges', 'company_id'))::integer[]))`,
  `ALTER POLICY tenant_read ON users USING (company_id = spanwatch_company() OR id = spanwatch_user()
     OR is_staff OR id IN (SELECT user_id FROM user_bridges
       WHERE bridge_id = ANY ((SELECT spanwatch_visible_ids('bridges'))::integer[])))`,
];
const policiesNone = [
  ...ownedPolicies(() => 'true'),
  ...['companies', 'contact_groups', 'users'].map(
    (table) => `ALTER POLICY tenant_read ON ${table} USING (true)`,
  ),
];

const testDb = await createTestDatabase(kind);
const { db } = testDb.database;
const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0];
try {
  const companies: number[] = [];
  const bridges: number[][] = [];
  const sensors: number[] = [];
  for (let c = 0; c < 3; c += 1) {
    const company = await one<{ id: number }>(
      sql`INSERT INTO companies (name) VALUES (${`Bench ${c}`}) RETURNING id`,
    );
    companies.push(Number(company?.id));
    bridges.push([]);
    for (let b = 0; b < 4; b += 1) {
      const bridge = await one<{ id: number }>(
        sql`INSERT INTO bridges (company_id, name, location) VALUES (${company?.id}, ${`B${c}-${b}`}, 'River') RETURNING id`,
      );
      bridges[c]?.push(Number(bridge?.id));
      const span = await one<{ id: number }>(
        sql`INSERT INTO spans (bridge_id, label, length) VALUES (${bridge?.id}, 'main', 40) RETURNING id`,
      );
      const made = rowsOf<{ id: number }>(
        await db.execute(sql`INSERT INTO sensors (bridge_id, span_id, label, type, status, installation_date)
          SELECT ${bridge?.id}, ${span?.id}, ${`s${c}-${b}-`} || s, 'strain_gauge', 'active', '2025-01-01'
          FROM generate_series(0, 9) s RETURNING id`),
      );
      sensors.push(...made.map((row) => Number(row.id)));
      await db.execute(sql`INSERT INTO alerts (bridge_id, type, subject, severity, message, cause)
        SELECT ${bridge?.id}, 'Sensor offline', 's' || s, 'Medium', 'No data', '{"windows":[],"datastreams":[]}'
        FROM generate_series(1, 50) s`);
    }
  }
  await db.execute(sql`INSERT INTO sensor_calibrations (sensor_id, calibrated_on, calibrated_by)
    SELECT id, d, 'Lab' FROM sensors, (VALUES ('2025-01-01'::date), ('2026-01-01'::date)) v(d)`);
  const operator = await one<{ id: number }>(
    sql`INSERT INTO users (username, email, password_hash, company, company_id, address)
        VALUES ('op', 'op@bench.example', 'x', 'Bench 0', ${companies[0]}, 'Here') RETURNING id`,
  );
  await db.execute(sql`INSERT INTO users (username, email, password_hash, company, company_id, address)
    SELECT 'u' || s, 'u' || s || '@bench.example', 'x', 'Bench', (${`{${companies.join(',')}}`}::int[])[1 + s % 3], 'Here'
    FROM generate_series(1, 30) s`);
  // Each of them on their company's first bridge: Bench 1's are seen through the operator's
  // assignment (the users policy's last arm).
  await db.execute(sql`INSERT INTO user_bridges (user_id, bridge_id)
    SELECT u.id, (SELECT min(b.id) FROM bridges b WHERE b.company_id = u.company_id)
    FROM users u WHERE u.username LIKE 'u%'`);
  await db.execute(
    sql`INSERT INTO user_bridges VALUES (${operator?.id}, ${bridges[1]?.[0]}), (${operator?.id}, ${bridges[0]?.[0]})`,
  );
  await db.execute(sql`INSERT INTO notifications (user_id, alert_id, kind)
    SELECT ${operator?.id}, a.id, 'raised' FROM alerts a JOIN bridges b ON b.id = a.bridge_id
    WHERE b.company_id = ${companies[0]}`);
  await db.execute(sql`ANALYZE`);

  const asOperator = <T>(work: (tx: Pick<typeof db, 'execute'>) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT set_config('spanwatch.company_id', ${String(companies[0])}, true),
                   set_config('spanwatch.user_id', ${String(operator?.id)}, true),
                   set_config('role', 'spanwatch_tenant', true)`,
      );
      return work(tx);
    });
  // Timed in the database, each query planned anew (EXECUTE): what the policy costs there.
  await db.execute(
    sql.raw(`CREATE FUNCTION bench_repeat(query text, times integer)
    RETURNS double precision LANGUAGE plpgsql AS $$
    DECLARE started timestamptz := clock_timestamp(); found integer;
    BEGIN
      FOR i IN 1..times LOOP
        EXECUTE 'SELECT count(*) FROM (' || query || ') q' INTO found;
      END LOOP;
      RETURN extract(epoch FROM clock_timestamp() - started) * 1000 / times;
    END $$`),
  );
  await db.execute(sql`GRANT EXECUTE ON FUNCTION bench_repeat(text, integer) TO spanwatch_tenant`);
  const count = (query: string) =>
    asOperator(async (tx) =>
      Number(
        rowsOf<{ n: number }>(
          await tx.execute(sql.raw(`SELECT count(*)::int AS n FROM (${query}) q`)),
        )[0]?.n,
      ),
    );
  const timed = (query: string) =>
    asOperator(async (tx) =>
      Number(
        rowsOf<{ ms: number }>(
          await tx.execute(sql`SELECT bench_repeat(${query}, ${REPEAT}) AS ms`),
        )[0]?.ms,
      ),
    );
  const own = bridges[0]?.[1];
  const queries = {
    sensors_10: `SELECT * FROM sensors WHERE bridge_id = ${own} ORDER BY label`,
    spans_1: `SELECT * FROM spans WHERE bridge_id = ${own}`,
    alerts_50: `SELECT * FROM alerts WHERE bridge_id = ${own} ORDER BY id DESC LIMIT 100`,
    calibrations_2: `SELECT * FROM sensor_calibrations WHERE sensor_id = ${sensors[15]} ORDER BY calibrated_on`,
    unread_200: `SELECT id FROM notifications WHERE user_id = ${operator?.id} AND read_at IS NULL`,
    users_list: `SELECT id, username FROM users ORDER BY username`,
  } as const;
  type Name = keyof typeof queries;
  const names = Object.keys(queries) as Name[];
  const sets = {
    '0064': policies0064,
    '0066': policies0066,
    '0070': policies0070,
    none: policiesNone,
  };
  type Set = keyof typeof sets;
  // The two walls must answer the same rows; the floor shows what they refuse.
  const rows: Partial<Record<Set, Record<string, number>>> = {};
  for (const set of ['0064', '0066', '0070', 'none'] as Set[]) {
    for (const statement of sets[set]) await db.execute(sql.raw(statement));
    const counted: Record<string, number> = {};
    for (const name of names) counted[name] = await count(queries[name]);
    counted.all_alerts = await count('SELECT id FROM alerts');
    rows[set] = counted;
  }
  if (
    JSON.stringify(rows['0064']) !== JSON.stringify(rows['0066']) ||
    JSON.stringify(rows['0066']) !== JSON.stringify(rows['0070'])
  ) {
    throw new Error(`bench: the walls differ: ${JSON.stringify(rows)}`);
  }
  const { times, blockMedians } = await runPolicyBlocks({
    db,
    sets,
    order: ['0064', '0066', '0070', 'none'],
    names,
    blocks: BLOCKS,
    perBlock: PER_BLOCK,
    time: (_set, name) => timed(queries[name]),
  });
  const pairs = blockRatios(blockMedians, '0064', '0066');
  // The notifications' policy alone: 0066 and 0070 differ in nothing else.
  const unread = (set: Set) => times[set].unread_200;
  const unreadPairs = unread('0066').map((ms, i) => ms / (unread('0070')[i] ?? NaN));
  const overNone = {
    '0064': blockRatios(blockMedians, '0064', 'none'),
    '0066': blockRatios(blockMedians, '0066', 'none'),
    '0070': blockRatios(blockMedians, '0070', 'none'),
  };
  console.log(
    JSON.stringify(
      {
        database: kind,
        blocks: BLOCKS,
        rounds_per_block: PER_BLOCK,
        rows,
        ms_p50: Object.fromEntries(
          names.map((name) => [
            name,
            (Object.keys(sets) as Set[]).map((set) => Number(median(times[set][name]).toFixed(3))),
          ]),
        ),
        ms_p50_columns: Object.keys(sets),
        paired_block_ratio_0064_over_0066: spread(pairs),
        unread_200_paired_ratio_0066_over_0070: spread(unreadPairs),
        paired_block_ratio_over_no_policy: {
          '0064': Number(median(overNone['0064']).toFixed(2)),
          '0066': Number(median(overNone['0066']).toFixed(2)),
          '0070': Number(median(overNone['0070']).toFixed(2)),
        },
        load_average_1m: Number(loadavg()[0]?.toFixed(1)),
      },
      null,
      2,
    ),
  );
} finally {
  await testDb.drop();
}
