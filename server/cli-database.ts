import path from 'node:path';
import { ConfigError, loadSettings } from './config/config.ts';
import { type Database, openDatabase } from './db/client.ts';

/**
 * The database the server uses (DATABASE_URL, or the embedded one in DATA_DIR), opened for a
 * command without the secrets; a bad setting ends the command with its message.
 */
export function openCommandDatabase(): {
  settings: ReturnType<typeof loadSettings>;
  database: Database;
} {
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
  return { settings, database };
}
