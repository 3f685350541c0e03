/**
 * `npm run ingest`: an MQTT ingest process on its own (no HTTP), for splitting the load over
 * several processes. Needs MQTT_URL; DATABASE_URL (or DATA_DIR for the embedded database).
 */
import path from 'node:path';
import { ingestHorizonDaysFromEnv } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { startMqttFromEnv } from './mqtt-config.ts';

if (!process.env.MQTT_URL) {
  console.error('Set MQTT_URL (e.g. mqtt://127.0.0.1:1883) to run the ingest process.');
  process.exit(1);
}
const database = openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: path.join(path.resolve(process.env.DATA_DIR || './data'), 'pglite'),
});
await database.migrate();
const ingest = await startMqttFromEnv(
  database,
  (message) => console.log(message),
  ingestHorizonDaysFromEnv(),
);

async function shutdown(signal: string) {
  console.log(`${signal} received: writing what is buffered, then stopping`);
  await ingest?.stop();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
