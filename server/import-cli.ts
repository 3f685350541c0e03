/**
 * `npm run import -- --bridge N --file F --map "column=streamId" ...`: a logger file into a
 * bridge's data streams through the ingest path, on the database the server uses (DATABASE_URL,
 * or the embedded one in DATA_DIR, which must not be open in a running server at the same time).
 */
import path from 'node:path';
import { ConfigError, loadConfig } from './config/config.ts';
import { openDatabase } from './db/client.ts';
import { ArgsError, type ImportArgs, parseImportArgs, USAGE } from './import/import-args.ts';
import { describeInspection, describeSummary, MAP_HINT } from './import/import-report.ts';
import { openLoggerFile } from './import/file-source.ts';
import { ImportRefused } from './import/import-refused.ts';
import { importLoggerFile, inspectLoggerFile } from './import/logger-import.ts';
import { createServices } from './services.ts';

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

async function run(args: ImportArgs): Promise<number> {
  const read = { dateOrder: args.dateOrder, utcOffsetMinutes: args.utcOffsetMinutes };
  const file = await openLoggerFile(args.file, args.entry);
  const inspection = await inspectLoggerFile(file.chunks, read);
  console.log(`File: ${file.name}\n${describeInspection(inspection)}`);
  if (inspection.problem) fail(`${inspection.problem} (--date-order)`);
  if (args.mapping.size === 0) fail(MAP_HINT);
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    const services = createServices(config, database);
    if (!(await services.bridges.findById(args.bridgeId))) fail(`No bridge ${args.bridgeId}`);
    const again = await openLoggerFile(args.file, args.entry);
    const started = performance.now();
    const summary = await importLoggerFile(again.chunks, {
      ...read,
      mapping: args.mapping,
      ingest: args.dryRun
        ? undefined
        : (items) =>
            services.ingest.ingest(
              items,
              { bridgeId: args.bridgeId },
              { horizonDays: config.ingestHorizonDays },
            ),
      onProgress: ({ rows, bytesRead }) =>
        console.log(`  ${rows} rows, ${Math.round((100 * bytesRead) / Math.max(1, again.size))} %`),
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${describeSummary(summary, args.dryRun)}\nTook ${seconds.toFixed(1)} s (${Math.round(summary.rows / seconds)} rows/s)`,
    );
    return summary.errorTotal > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(parseImportArgs(process.argv.slice(2)));
} catch (error) {
  if (error instanceof ArgsError) fail(`${error.message}\n${USAGE}`);
  if (error instanceof ImportRefused || error instanceof ConfigError) fail(error.message);
  throw error;
}
