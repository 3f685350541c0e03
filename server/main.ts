import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAlertMonitor } from './alerts/alert-monitor.ts';
import { alertServiceFromConfig } from './alerts/alert-service.ts';
import { createAnalysisJobs } from './analysis/analysis-jobs.ts';
import { startAnalysisWorkers } from './analysis/analysis-workers.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startDemoLiveFeed } from './demo/live-feed.ts';
import { mqttConfigFromEnv, startMqttFromEnv } from './ingest/mqtt-config.ts';
import { startMqttCredentialSyncFromEnv } from './ingest/mqtt-credentials-sync.ts';
import { DEMO_OPERATOR, DEMO_STAFF } from './seed/demo-accounts.ts';
import { prepareDemoOnStart } from './seed/demo-first-start.ts';
import { createSecretBox } from './services/secret-box.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, 'dist');

function readConfig(): AppConfig {
  try {
    mqttConfigFromEnv(); // a bad MQTT setting stops the start the same way
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

function buildSpaIfMissing() {
  if (existsSync(path.join(distDir, 'index.html'))) return;
  console.log('Building the web app (first start only)...');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The web app failed to build; serving the API only.');
  }
}

const config = readConfig();
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
});
await database.migrate();

const { allowed: seedAllowed, seeded } = await prepareDemoOnStart(
  database,
  createSecretBox(config.dataEncryptionKey),
  config,
  process.argv,
  { log: (message) => console.log(message), parallel: true },
);

buildSpaIfMissing();
// Built here rather than inside buildApp so the monitor below drives the same instance.
const alerts = alertServiceFromConfig(config, database.db);
const analysisJobs = createAnalysisJobs(database);
const mqttCredentialSync = startMqttCredentialSyncFromEnv(database, (message) =>
  console.warn(message),
);
const app = await buildApp({
  config,
  database,
  spaDir: distDir,
  overrides: {
    alerts,
    analysisJobs,
    ...(mqttCredentialSync ? { mqttCredentials: mqttCredentialSync.credentials } : {}),
  },
});
await app.listen({ port: config.port, host: config.host });
const alertMonitor = startAlertMonitor(alerts, {
  checkSeconds: config.sensorOfflineCheckSeconds,
  log: (message) => console.warn(message),
});

const analysisWorkers = await startAnalysisWorkers(
  { database, alerts, jobs: analysisJobs },
  config,
  (message) => console.warn(message),
);

const mqttIngest = await startMqttFromEnv(
  database,
  (message) => console.log(message),
  config.ingestHorizonDays,
);
const demoLiveFeed =
  seedAllowed && config.demoLiveFeed
    ? await startDemoLiveFeed(database, {
        historyDays: config.demoHistoryDays,
        log: (message) => console.log(message),
      })
    : null;

const storage =
  database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL server';
console.log(`SpanWatch is running at http://localhost:${config.port} (${storage})`);
if (seedAllowed) {
  console.log(`${seeded ? 'Seeded the demo company. ' : ''}Demo accounts:`);
  console.log(`  staff     ${DEMO_STAFF.email} / ${DEMO_STAFF.password}`);
  console.log(`  operator  ${DEMO_OPERATOR.email} / ${DEMO_OPERATOR.password}`);
}

async function shutdown(signal: string) {
  console.log(`${signal} received, shutting down`);
  await demoLiveFeed?.stop();
  await app.close();
  await analysisWorkers.stop();
  await alertMonitor.stop();
  await mqttIngest?.stop();
  await mqttCredentialSync?.stop();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
