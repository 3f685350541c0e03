/**
 * `npm run bench:pack-arrays`: the speed of the batch migration of stored arrays to packed
 * blocks (issue 34) on a throwaway PostgreSQL database holding a demo-sized set of array blocks:
 * BENCH_STREAMS streams (default 20) of BENCH_BLOCKS blocks (default 2,300) of 154 samples, the
 * demo history's shape (7.0 M samples in 45,504 blocks for 3 days), values a noisy sine with 6
 * decimals, stored the old way and then given a resolution of 0.001.
 */
import { sql } from 'drizzle-orm';
import { unassignedCompany } from '../../server/repositories/companies-repository.ts';
import { arraysLeft, packStoredArrays } from '../../server/readings/pack-stored-arrays.ts';
import { openThrowawayPostgres } from './throwaway-postgres.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STREAMS = Number(process.env.BENCH_STREAMS ?? 20);
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 2300);
const SAMPLES = 154;

const pg = await openThrowawayPostgres(ADMIN_URL, 'bench_pack_arrays');
try {
  const { database, direct } = pg;
  await database.migrate();
  const companyId = await unassignedCompany(database.db);
  for (let s = 1; s <= STREAMS; s += 1) {
    await database.db.execute(
      sql`INSERT INTO datastreams (stream_id, data_type, company_id) VALUES (${`bench-${s}`}, 'strain', ${companyId})`,
    );
  }
  await direct.query(`
    INSERT INTO readings (datastream_id, start, rate_hz, values, n, v_min, v_max, v_sum)
    SELECT d.id, timestamptz '2026-10-01' + b * interval '3 seconds', 50, a.v, ${SAMPLES},
           (SELECT min(x) FROM unnest(a.v) x), (SELECT max(x) FROM unnest(a.v) x),
           (SELECT sum(x) FROM unnest(a.v) x)
    FROM datastreams d, generate_series(0, ${BLOCKS - 1}) b,
         LATERAL (SELECT array_agg(round((100 * sin((b * ${SAMPLES} + i + d.id) / 40.0)
                                          + random())::numeric, 6)::float8 ORDER BY i) AS v
                  FROM generate_series(1, ${SAMPLES}) i) a`);
  await direct.query('UPDATE datastreams SET resolution = 0.001');
  await direct.query('VACUUM ANALYZE readings');
  const before = await pg.relationBytes('readings');
  const left = await arraysLeft(database.db);
  const started = performance.now();
  const totals = await packStoredArrays(database.db);
  const seconds = (performance.now() - started) / 1000;
  await direct.query('VACUUM FULL readings');
  const after = await pg.relationBytes('readings');
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  console.log(
    `${left.blocks} array blocks, ${left.samples} samples; packed ${totals.blocks} blocks in ${seconds.toFixed(1)} s: ${Math.round(totals.samples / seconds)} samples/s, ${Math.round(totals.blocks / seconds)} blocks/s; ${totals.unpackable} unpackable`,
  );
  console.log(
    `readings ${mb(before)} MB -> ${mb(after)} MB after VACUUM FULL (${(before / left.samples).toFixed(2)} -> ${(after / left.samples).toFixed(2)} bytes a sample)`,
  );
} finally {
  await pg.drop();
}
