import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startMqttFromEnv } from './ingest/mqtt-config.ts';
import { DEMO_OPERATOR, DEMO_STAFF } from './seed/demo-accounts.ts';
import { isEmpty, seedDemo } from './seed/demo-seed.ts';
import { demoSeedAllowed } from './seed/seed-policy.ts';
import { createSecretBox } from './services/secret-box.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, 'dist');

function readConfig(): AppConfig {
  try {
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

const seedAllowed = demoSeedAllowed(config, process.argv);
const seeded = seedAllowed && (await isEmpty(database.db));
if (seeded) await seedDemo(database.db, createSecretBox(config.dataEncryptionKey));

buildSpaIfMissing();
const app = await buildApp({ config, database, spaDir: distDir });
await app.listen({ port: config.port, host: config.host });

const mqttIngest = await startMqttFromEnv(database, (message) => console.log(message));

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
  await app.close();
  await mqttIngest?.stop();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
