/**
 * `npm run bench:demo-storage` (issues 34 and 37): the demo's first start on a throwaway
 * PostgreSQL database (seed, then `BENCH_DAYS` days of history at the demo's own rates; default
 * 7), and what its readings take: samples, bytes of the readings partitions (table, TOAST and
 * indexes, after VACUUM) and of the roll-ups, bytes a sample, and the readings projected to the
 * demo's default history. Not part of `npm test`.
 */
import { loadConfig } from '../../server/config/config.ts';
import { writeDemoHistory } from '../../server/demo/history-writer.ts';
import { seedDemo } from '../../server/seed/demo-seed.ts';
import { createSecretBox } from '../../server/services/secret-box.ts';
import { breakdownPerSample, storageBreakdown } from './storage-breakdown.ts';
import { openThrowawayPostgres } from './throwaway-postgres.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DAYS = Number(process.env.BENCH_DAYS ?? 7);

const throwaway = await openThrowawayPostgres(ADMIN_URL, 'spanwatch_demo_storage');
const { database, direct, relationBytes } = throwaway;

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

try {
  await database.migrate();
  await seedDemo(database.db, createSecretBox('bench-demo-storage'));
  const started = performance.now();
  const { samples } = await writeDemoHistory(database, { days: DAYS, parallel: true });
  const seconds = (performance.now() - started) / 1000;
  await direct.query('VACUUM (ANALYZE) readings, reading_rollups');
  const readings = await relationBytes('readings');
  const rollups = await relationBytes('reading_rollups');
  const { rows } = await direct.query<{ packed: string; arrays: string }>(
    `SELECT count(*) FILTER (WHERE packed IS NOT NULL)::text AS packed,
            count(*) FILTER (WHERE packed IS NULL)::text AS arrays FROM readings`,
  );
  const defaultDays = loadConfig({}).demoHistoryDays;
  console.log(
    `Demo history of ${DAYS} days: ${samples.toLocaleString('en-CA')} samples in ${seconds.toFixed(1)} s`,
  );
  console.log(`  blocks packed ${rows[0]?.packed}, stored as arrays ${rows[0]?.arrays}`);
  console.log(`  readings ${mb(readings)} MB = ${(readings / samples).toFixed(2)} bytes a sample`);
  console.log(`  roll-ups ${mb(rollups)} MB`);
  console.log('  readings in bytes a sample, by part (decision 075):');
  console.table({ demo: breakdownPerSample(await storageBreakdown(direct), samples) });
  console.log(
    `  readings projected to the default ${defaultDays} days: ${mb((readings * defaultDays) / DAYS)} MB`,
  );
} finally {
  await throwaway.drop();
}
