// npx tsx tests/bench/rls-readings-bench.ts (DATABASE_URL set) — what a row-level-security
// policy on readings and reading_rollups keyed on the stream's company would cost a company's
// reads (decision 072, amended 2026-12-01). One stream with a day of 1-second blocks (86,400
// rows) and its per-minute roll-ups; as the tenant role with a company's settings, the readings
// of a 10-minute window (600 blocks) and a day's roll-ups (1,440), in blocks of 40 queries with
// the policy and 40 without, alternating, in one run. Ingest runs as the owner, which no policy
// applies to, so it is not measured here.
import pg from 'pg';
import { loadavg } from 'node:os';
import { createPartitionKeeper } from '../../server/readings/partitions.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 10);
const PER_BLOCK = 40;

const testDb = await createTestDatabase('postgres');
const url = testDb.url ?? '';
const owner = new pg.Client({ connectionString: url });
const tenant = new pg.Client({ connectionString: url });
await owner.connect();
await tenant.connect();
try {
  const [company] = (
    await owner.query<{ id: number }>(
      `INSERT INTO companies (name) VALUES ('Bench Co') RETURNING id`,
    )
  ).rows;
  const companyId = company?.id ?? 0;
  const bridge = (
    await owner.query<{ id: number }>(
      `INSERT INTO bridges (company_id, name, location) VALUES ($1, 'Bench Bridge', 'River') RETURNING id`,
      [companyId],
    )
  ).rows[0]?.id;
  const span = (
    await owner.query<{ id: number }>(
      `INSERT INTO spans (bridge_id, label, length) VALUES ($1, 'main', 40) RETURNING id`,
      [bridge],
    )
  ).rows[0]?.id;
  const sensor = (
    await owner.query<{ id: number }>(
      `INSERT INTO sensors (bridge_id, span_id, label, type, status, installation_date)
       VALUES ($1, $2, 'b-str', 'strain_gauge', 'active', '2025-01-01') RETURNING id`,
      [bridge, span],
    )
  ).rows[0]?.id;
  const stream = (
    await owner.query<{ id: number }>(
      `INSERT INTO datastreams (stream_id, data_type, company_id) VALUES ('b-str', 'strain', $1) RETURNING id`,
      [companyId],
    )
  ).rows[0]?.id;
  await owner.query(`INSERT INTO datastream_sensors VALUES ($1, $2)`, [stream, sensor]);
  const day = '2026-11-01T00:00:00Z';
  await createPartitionKeeper(testDb.database.db)([Date.parse(day)]);
  await owner.query(
    `INSERT INTO readings (datastream_id, start, rate_hz, values, n, v_min, v_max, v_sum)
     SELECT $1, $2::timestamptz + s * interval '1 second', 10, ARRAY[1,2,3,4,5,6,7,8,9,10]::float8[], 10, 1, 10, 55
     FROM generate_series(0, 86399) s`,
    [stream, day],
  );
  await owner.query(
    `INSERT INTO reading_rollups (datastream_id, bucket_seconds, bucket, v_min, v_max, v_sum, n)
     SELECT $1, 60, $2::timestamptz + s * interval '1 minute', 1, 10, 3300, 600 FROM generate_series(0, 1439) s`,
    [stream, day],
  );
  await owner.query('ANALYZE');
  await tenant.query(
    `SELECT set_config('spanwatch.company_id', $1, false), set_config('spanwatch.user_id', '0', false), set_config('role', 'spanwatch_tenant', false)`,
    [String(companyId)],
  );
  const policy = async (on: boolean) => {
    for (const table of ['readings', 'reading_rollups']) {
      await owner.query(`DROP POLICY IF EXISTS tenant_rows ON ${table}`);
      if (on) {
        await owner.query(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
        await owner.query(
          `CREATE POLICY tenant_rows ON ${table} TO spanwatch_tenant USING (datastream_id IN (SELECT id FROM datastreams))`,
        );
      } else {
        await owner.query(`ALTER TABLE ${table} DISABLE ROW LEVEL SECURITY`);
      }
    }
  };
  const window = async () => {
    const started = performance.now();
    const r = await tenant.query(
      `SELECT start, n, v_min, v_max, v_sum, values FROM readings
       WHERE datastream_id = $1 AND start >= $2::timestamptz AND start < $2::timestamptz + interval '10 minutes' ORDER BY start`,
      [stream, '2026-11-01T12:00:00Z'],
    );
    if (r.rowCount !== 600) throw new Error(`window: ${r.rowCount} rows`);
    const mid = performance.now();
    const u = await tenant.query(
      `SELECT bucket, v_min, v_max, v_sum, n FROM reading_rollups
       WHERE datastream_id = $1 AND bucket_seconds = 60 AND bucket >= $2::timestamptz AND bucket < $2::timestamptz + interval '1 day' ORDER BY bucket`,
      [stream, day],
    );
    if (u.rowCount !== 1440) throw new Error(`rollups: ${u.rowCount} rows`);
    return [mid - started, performance.now() - mid];
  };
  const times = { on: [[], []] as number[][], off: [[], []] as number[][] };
  const pairs: number[] = [];
  for (let b = -1; b < BLOCKS; b += 1) {
    const order: ('on' | 'off')[] = b % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
    const medians: Record<string, number> = {};
    for (const mode of order) {
      await policy(mode === 'on');
      const mine: number[] = [];
      for (let i = 0; i < PER_BLOCK; i += 1) {
        const [w, r] = await window();
        mine.push((w ?? 0) + (r ?? 0));
        if (b >= 0) {
          times[mode][0]?.push(w ?? 0);
          times[mode][1]?.push(r ?? 0);
        }
      }
      mine.sort((x, y) => x - y);
      medians[mode] = mine[Math.floor(mine.length / 2)] ?? NaN;
    }
    if (b >= 0) pairs.push((medians.on ?? NaN) / (medians.off ?? NaN));
  }
  const q = (values: number[], p: number) => {
    const sorted = [...values].sort((x, y) => x - y);
    return Number(
      (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN).toFixed(3),
    );
  };
  console.log(
    JSON.stringify(
      {
        queries_per_mode: BLOCKS * PER_BLOCK,
        window_600_blocks_ms: {
          on_p50: q(times.on[0] ?? [], 0.5),
          off_p50: q(times.off[0] ?? [], 0.5),
          on_p95: q(times.on[0] ?? [], 0.95),
          off_p95: q(times.off[0] ?? [], 0.95),
        },
        day_rollups_1440_ms: {
          on_p50: q(times.on[1] ?? [], 0.5),
          off_p50: q(times.off[1] ?? [], 0.5),
          on_p95: q(times.on[1] ?? [], 0.95),
          off_p95: q(times.off[1] ?? [], 0.95),
        },
        paired_block_median_ratio: {
          p25: q(pairs, 0.25),
          median: q(pairs, 0.5),
          p75: q(pairs, 0.75),
        },
        load_average_1m: Number(loadavg()[0]?.toFixed(2)),
      },
      null,
      2,
    ),
  );
} finally {
  await tenant.end();
  await owner.end();
  await testDb.drop();
}
