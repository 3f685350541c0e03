import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { projectPath } from '../../server/project-paths.ts';

/** The project's migrations, as the app runs them. */
export const migrationsFolder = projectPath('server', 'db', 'migrations');

/**
 * A copy of the migrations folder as it was before migration `index`, so a test can write rows
 * the old way, then migrate the rest. The caller removes the folder.
 */
export function migrationsBefore(index: number): string {
  const folder = mkdtempSync(join(tmpdir(), `spanwatch-before-${String(index).padStart(4, '0')}-`));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < index);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/**
 * An in-memory PGlite to test migration `index` on: `migrateBefore()` brings it to just before
 * that migration (the test then writes rows the old way), `migrateRest()` runs the rest.
 */
export function pgliteAtMigration(index: number) {
  const client = new PGlite();
  const db = drizzle(client);
  let before = '';
  return {
    client,
    async migrateBefore(): Promise<void> {
      before = migrationsBefore(index);
      await migrate(db, { migrationsFolder: before });
    },
    async migrateRest(): Promise<void> {
      await migrate(db, { migrationsFolder });
    },
    async close(): Promise<void> {
      await client.close();
      if (before) rmSync(before, { recursive: true, force: true });
    },
  };
}
