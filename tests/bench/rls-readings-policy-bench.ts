// npx tsx tests/bench/rls-readings-policy-bench.ts [pglite|postgres] — the readings' policy of
// migration 0064 against this build's (0065) in one run on one database (decision 072, amended
// 2026-12-02 (b)). Three companies of 4 bridges × 10 sensors, one stream each; the measured
// company's operator is also assigned a bridge and a stream of another company (the assignment
// arms). As that operator, in the request's transaction: a 10-minute window of 1-second blocks
// (600 rows), a day's per-minute roll-ups (1,440) and the stream's latest block (1 row), in
// blocks of queries under one policy set and then the other, alternating which goes first.
// The policy sets are swapped with ALTER POLICY between blocks: 0064's text, and the
// ALTER POLICY statements of 0065's own file.
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/pg-arrays.ts';
import { createPartitionKeeper } from '../../server/readings/partitions.ts';
import { createTestDatabase, type DriverKind } from '../helpers/test-database.ts';
import {
  blockRatios,
  median,
  migrationStatements,
  runPolicyBlocks,
  spread,
} from './rls-policy-blocks.ts';

const kind = (process.argv[2] ?? 'pglite') as DriverKind;
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 8);
const PER_BLOCK = Number(process.env.BENCH_PER_BLOCK ?? 5);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const DAY = '2026-11-01T00:00:00Z';

const visibleStreams = `datastream_id = ANY ((SELECT spanwatch_visible_ids('datastream_sensors', 'datastream_id'))::integer[])
  OR datastream_id IN (SELECT datastream_id FROM user_datastreams WHERE user_id = spanwatch_user())`;
const readingsPolicies = (using: string) =>
  ['readings', 'reading_rollups'].map(
    (table) => `ALTER POLICY tenant_rows ON ${table} USING (${using})`,
  );
const onVisibleStreams = readingsPolicies(
  `datastream_id = ANY ((SELECT spanwatch_visible_ids('datastreams'))::integer[])`,
);
const policies0064 = [
  ...onVisibleStreams,
  `ALTER POLICY tenant_read ON datastreams USING (company_id = spanwatch_company()
     OR id = ANY ((SELECT spanwatch_visible_ids('datastream_sensors', 'datastream_id'))::integer[])
     OR id IN (SELECT datastream_id FROM user_datastreams WHERE user_id = spanwatch_user()))`,
  `ALTER POLICY tenant_rows ON fatigue_histograms USING (${visibleStreams})`,
  `ALTER POLICY tenant_rows ON fatigue_counters USING (${visibleStreams})`,
];
const policies0065 = migrationStatements('0065_rls_streams_by_company.sql', 'ALTER POLICY');
// No wall on readings and roll-ups (the streams' own policy as 0065 has it): the floor.
const policiesNone = [
  ...policies0065.filter((s) => !/ON reading/.test(s)),
  ...readingsPolicies('true'),
];

const testDb = await createTestDatabase(kind);
const { db } = testDb.database;
const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0];
try {
  const streams: number[][] = [];
  const bridges: number[][] = [];
  const companies: number[] = [];
  for (let c = 0; c < 3; c += 1) {
    const company = await one<{ id: number }>(
      sql`INSERT INTO companies (name) VALUES (${`Bench ${c}`}) RETURNING id`,
    );
    companies.push(Number(company?.id));
    bridges.push([]);
    streams.push([]);
    for (let b = 0; b < 4; b += 1) {
      const bridge = await one<{ id: number }>(
        sql`INSERT INTO bridges (company_id, name, location) VALUES (${company?.id}, ${`B${c}-${b}`}, 'River') RETURNING id`,
      );
      bridges[c]?.push(Number(bridge?.id));
      const span = await one<{ id: number }>(
        sql`INSERT INTO spans (bridge_id, label, length) VALUES (${bridge?.id}, 'main', 40) RETURNING id`,
      );
      for (let s = 0; s < 10; s += 1) {
        const label = `s${c}-${b}-${s}`;
        const sensor = await one<{ id: number }>(
          sql`INSERT INTO sensors (bridge_id, span_id, label, type, status, installation_date)
              VALUES (${bridge?.id}, ${span?.id}, ${label}, 'strain_gauge', 'active', '2025-01-01') RETURNING id`,
        );
        const stream = await one<{ id: number }>(
          sql`INSERT INTO datastreams (stream_id, data_type, company_id) VALUES (${label}, 'strain', ${company?.id}) RETURNING id`,
        );
        await db.execute(sql`INSERT INTO datastream_sensors VALUES (${stream?.id}, ${sensor?.id})`);
        streams[c]?.push(Number(stream?.id));
      }
    }
  }
  const operator = await one<{ id: number }>(
    sql`INSERT INTO users (username, email, password_hash, company, company_id, address)
        VALUES ('op', 'op@bench.example', 'x', 'Bench 0', ${companies[0]}, 'Here') RETURNING id`,
  );
  await db.execute(
    sql`INSERT INTO user_bridges VALUES (${operator?.id}, ${bridges[1]?.[0]}), (${operator?.id}, ${bridges[0]?.[0]})`,
  );
  await db.execute(sql`INSERT INTO user_datastreams VALUES (${operator?.id}, ${streams[2]?.[5]})`);
  const target = streams[0]?.[0];
  await createPartitionKeeper(db)([Date.parse(DAY)]);
  // Two hours of 1-second blocks on the measured stream, a minute's on every other.
  await db.execute(sql`INSERT INTO readings (datastream_id, start, rate_hz, values, n, v_min, v_max, v_sum)
    SELECT ${target}, ${DAY}::timestamptz + s * interval '1 second', 10, ARRAY[1,2,3,4,5,6,7,8,9,10]::float8[], 10, 1, 10, 55
    FROM generate_series(0, 7199) s`);
  await db.execute(sql`INSERT INTO readings (datastream_id, start, rate_hz, values, n, v_min, v_max, v_sum)
    SELECT d.id, ${DAY}::timestamptz + s * interval '1 second', 10, ARRAY[1,2,3,4,5,6,7,8,9,10]::float8[], 10, 1, 10, 55
    FROM datastreams d, generate_series(0, 59) s WHERE d.id <> ${target}`);
  await db.execute(sql`INSERT INTO reading_rollups (datastream_id, bucket_seconds, bucket, v_min, v_max, v_sum, n)
    SELECT ${target}, 60, ${DAY}::timestamptz + s * interval '1 minute', 1, 10, 3300, 600 FROM generate_series(0, 1439) s`);
  await db.execute(sql`ANALYZE`);

  // The queries go to the transaction's own handle: PGlite's one connection is held by it.
  const asOperator = <T>(work: (tx: Pick<typeof db, 'execute'>) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT set_config('spanwatch.company_id', ${String(companies[0])}, true),
                   set_config('spanwatch.user_id', ${String(operator?.id)}, true),
                   set_config('role', 'spanwatch_tenant', true)`,
      );
      return work(tx);
    });
  // Timed in the database, each query planned anew (EXECUTE) and its rows counted there: what
  // the policy costs the database, without the client's round trips and rows in the noise.
  await db.execute(
    sql.raw(`CREATE FUNCTION bench_repeat(query text, times integer, expected integer)
    RETURNS double precision LANGUAGE plpgsql AS $$
    DECLARE started timestamptz := clock_timestamp(); found integer;
    BEGIN
      FOR i IN 1..times LOOP
        EXECUTE 'SELECT count(*) FROM (' || query || ') q' INTO found;
        IF found <> expected THEN RAISE EXCEPTION 'bench: % rows, expected %', found, expected; END IF;
      END LOOP;
      RETURN extract(epoch FROM clock_timestamp() - started) * 1000 / times;
    END $$`),
  );
  await db.execute(
    sql`GRANT EXECUTE ON FUNCTION bench_repeat(text, integer, integer) TO spanwatch_tenant`,
  );
  const timed = async (query: string, expected: number) => {
    const [row] = await asOperator(async (tx) =>
      rowsOf<{ ms: number }>(
        await tx.execute(sql`SELECT bench_repeat(${query}, ${REPEAT}, ${expected}) AS ms`),
      ),
    );
    return Number(row?.ms);
  };
  const queries = {
    window_600: [
      `SELECT start, n, v_min, v_max, v_sum, values FROM readings WHERE datastream_id = ${target}
       AND start >= '2026-11-01T01:00:00Z' AND start < '2026-11-01T01:10:00Z'`,
      600,
    ],
    rollups_1440: [
      `SELECT bucket, v_min, v_max, v_sum, n FROM reading_rollups WHERE datastream_id = ${target}
       AND bucket_seconds = 60 AND bucket >= '${DAY}' AND bucket < '${DAY}'::timestamptz + interval '1 day'`,
      1440,
    ],
    latest_1: [
      `SELECT start, n FROM readings WHERE datastream_id = ${target} ORDER BY start DESC LIMIT 1`,
      1,
    ],
    assigned_across: [
      `SELECT start FROM readings WHERE datastream_id = ${streams[1]?.[3]} ORDER BY start DESC LIMIT 1`,
      1,
    ],
    refused_across: [
      `SELECT start FROM readings WHERE datastream_id = ${streams[1]?.[15]} ORDER BY start DESC LIMIT 1`,
      0,
    ],
  } as const;
  type Name = keyof typeof queries;
  const names = Object.keys(queries) as Name[];
  const sets = { '0064': policies0064, '0065': policies0065, none: policiesNone };
  const { times, blockMedians } = await runPolicyBlocks({
    db,
    sets,
    order: ['0064', '0065', 'none'],
    names,
    blocks: BLOCKS,
    perBlock: PER_BLOCK,
    time: (set, name) => {
      const [query, expected] = queries[name];
      // Without the wall the other company's block is there: what the wall refuses.
      return timed(query, set === 'none' && name === 'refused_across' ? 1 : expected);
    },
  });
  const pairs = blockRatios(blockMedians, '0064', '0065');
  const overNone = {
    '0064': blockRatios(blockMedians, '0064', 'none'),
    '0065': blockRatios(blockMedians, '0065', 'none'),
  };
  const summary = Object.fromEntries(
    names.map((name) => [
      name,
      {
        p50_0064: Number(median(times['0064'][name]).toFixed(2)),
        p50_0065: Number(median(times['0065'][name]).toFixed(2)),
        p50_none: Number(median(times.none[name]).toFixed(2)),
      },
    ]),
  );
  console.log(
    JSON.stringify(
      {
        database: kind,
        blocks: BLOCKS,
        rounds_per_block: PER_BLOCK,
        ms: summary,
        paired_block_ratio_0064_over_0065: spread(pairs),
        paired_block_ratio_over_no_wall_on_readings: {
          '0064': Number(median(overNone['0064']).toFixed(2)),
          '0065': Number(median(overNone['0065']).toFixed(2)),
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
