import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
