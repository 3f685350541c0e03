import { openCommandDatabase } from './cli-database.ts';
import { LOCKS, withAdvisoryLock } from './ops/advisory-lock.ts';
import { createPrivateFiles, makePrivate } from './ops/private-files.ts';

// Reads the settings without the secrets: migrating writes nothing into DATA_DIR but the
// database itself.
createPrivateFiles();
const { settings, database } = openCommandDatabase();
await withAdvisoryLock(settings.databaseUrl, LOCKS.migrate, () => database.migrate());
await database.close();
makePrivate(settings.dataDir); // As the server start does (issue 37, finding 8).
console.log(`Migrated the ${database.kind} database.`);
