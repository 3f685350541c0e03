import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

const config = loadConfig();
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
});
await database.migrate();
await database.close();
console.log(`Migrated the ${database.kind} database.`);
