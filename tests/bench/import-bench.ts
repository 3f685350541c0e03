/**
 * `npm run bench:import [-- --mb 1024] [--store]`: writes a generic CSV of that size (a time
 * column and four channels at 100 Hz) to the temp directory, imports it and reports rows/s and
 * the process's peak RSS (the goal: a 1 GB file under 300 MB, issue 34). Without --store the
 * rows are read and cut into blocks only; with it they go through the ingest service into an
 * embedded database (PGlite in memory, so its pages count in the RSS too).
 */
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openLoggerFile } from '../../server/import/file-source.ts';
import { importLoggerFile } from '../../server/import/logger-import.ts';

const { values } = parseArgs({
  options: { mb: { type: 'string', default: '1024' }, store: { type: 'boolean', default: false } },
});
const targetBytes = Number(values.mb) * 1024 * 1024;
const file = join(tmpdir(), `spanwatch-import-bench-${process.pid}.csv`);

async function writeCsv(): Promise<number> {
  const out = createWriteStream(file);
  const write = (text: string) =>
    out.write(text)
      ? Promise.resolve()
      : new Promise<void>((done) => out.once('drain', () => done()));
  await write('time,ACC01_z [g],DMS_AS (um/m),FRC-01 [kN],INC01 [deg]\n');
  const start = Date.UTC(2026, 0, 13, 0, 0, 0);
  let written = 0;
  let rows = 0;
  while (written < targetBytes) {
    let chunk = '';
    for (let i = 0; i < 10_000; i += 1, rows += 1) {
      const t = new Date(start + rows * 10).toISOString().replace('T', ' ').slice(0, 23);
      const s = Math.sin(rows / 50);
      chunk += `${t},${(s * 1e-3).toPrecision(9)},${(-478 + s).toPrecision(12)},${(233.9 + s / 10).toPrecision(11)},${(0.008 + s / 1e4).toPrecision(8)}\n`;
    }
    written += Buffer.byteLength(chunk);
    await write(chunk);
  }
  await new Promise<void>((done) => out.end(() => done()));
  return rows;
}

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 100);

const startRss = process.memoryUsage.rss();
const rows = await writeCsv();
const bytes = (await stat(file)).size;
console.log(`Wrote ${rows} rows, ${(bytes / 1024 / 1024).toFixed(0)} MB: ${file}`);
// The services, the test helpers and PGlite are loaded only to store: without --store the RSS is
// the import's own modules and work (loaded always, they were about 140 MB of it before the
// import began; `npm run import` loads the services, and a server holds them anyway).
const testDb = values.store
  ? await (await import('../helpers/test-database.ts')).createTestDatabase('pglite')
  : null;
const services = testDb
  ? (await import('../../server/services.ts')).createServices(
      (await import('../helpers/test-app.ts')).testConfig,
      testDb.database,
    )
  : null;
const mapping = new Map([
  ['ACC01_z', 'bench-acc'],
  ['DMS_AS', 'bench-strain'],
  ['FRC-01', 'bench-force'],
  ['INC01', 'bench-tilt'],
]);
let bridgeId = 0;
if (services) {
  const bridge = await services.bridges.create({ name: 'Import bench', location: 'bench' });
  bridgeId = bridge.id;
  const span = await services.spans.create({ bridgeId, label: 'main', length: 40 });
  for (const streamId of mapping.values()) {
    const sensor = await services.sensors.create({
      bridgeId,
      spanId: span.id,
      label: streamId,
      type: 'accelerometer',
      status: 'active',
      installationDate: '2025-01-01',
    });
    await services.datastreams.create({
      streamId,
      dataType: 'acceleration',
      sensorIds: [sensor.id],
    });
  }
}
// The import's own peak: what writing the file left in the heap is collected first.
(globalThis as { gc?: () => void }).gc?.();
console.log(
  `RSS at start ${(startRss / 1048576).toFixed(0)} MB, before the import ${(process.memoryUsage.rss() / 1048576).toFixed(0)} MB`,
);
peakRss = process.memoryUsage.rss();
const started = performance.now();
const { chunks } = await openLoggerFile(file);
const summary = await importLoggerFile(chunks, {
  mapping,
  dateOrder: 'ymd',
  ingest: services
    ? (items) => services.ingest.ingest(items, { bridgeId }, { horizonDays: 3650 })
    : undefined,
  onProgress: ({ rows: done }) => console.log(`  ${done} rows`),
  progressEveryRows: 1_000_000,
});
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage.rss());
console.log(
  `Imported ${summary.rows} rows (${summary.samples} samples, ${summary.storedSamples} stored, ${summary.errorTotal} errors) ` +
    `in ${seconds.toFixed(1)} s: ${Math.round(summary.rows / seconds)} rows/s, ` +
    `${(bytes / 1024 / 1024 / seconds).toFixed(1)} MB/s, peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB` +
    (values.store ? ' (into PGlite in memory)' : ' (read and cut into blocks, not stored)'),
);
await testDb?.drop();
await rm(file);
