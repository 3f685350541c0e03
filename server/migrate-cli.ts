import path from 'node:path';
import { ConfigError, loadSettings } from './config/config.ts';
import { LOCKS, withAdvisoryLock } from './ops/advisory-lock.ts';
import { openDatabase } from './db/client.ts';
import { createPrivateFiles, makePrivate } from './ops/private-files.ts';

// Reads the settings without the secrets: migrating writes nothing into DATA_DIR but the
// database itself.
createPrivateFiles();
let settings;
try {
  settings = loadSettings();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
}
const database = openDatabase({
  databaseUrl: settings.databaseUrl,
  dataDir: path.join(settings.dataDir, 'pglite'),
});
await withAdvisoryLock(settings.databaseUrl, LOCKS.migrate, () => database.migrate());
await database.close();
makePrivate(settings.dataDir); // As the server start does (issue 37, finding 8).
console.log(`Migrated the ${database.kind} database.`);
