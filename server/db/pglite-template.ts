import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  rmdirSync,
} from 'node:fs';
import path from 'node:path';
import { projectPath } from '../project-paths.ts';

/**
 * A new, empty PGlite data directory made once by the build (scripts/build-server.mjs) and
 * copied into DATA_DIR on a first start. Making one runs initdb, which holds three WebAssembly
 * instances at once in PGlite (the database, a second one initdb drives, initdb itself) and a
 * copy of the second one's whole memory: 760 to 920 MB resident for about 15 s. A copy of the
 * files costs nothing of that (issue 37: memory under 500 MB; docs/decisions/039).
 */
function installedPgliteVersion(): string {
  const manifest = projectPath('node_modules', '@electric-sql', 'pglite', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** One per PGlite version, renamed into place whole by the build: if it is there, it is whole. */
const PGLITE_TEMPLATE_DIR = projectPath(
  'dist-server',
  `pglite-template-${installedPgliteVersion()}`,
);

/**
 * Whether a new database at `dataDir` can be a copy of the template: the build left one, made
 * by the PGlite installed now, and nothing is in the way (a folder left by an interrupted
 * initdb is left to PGlite, as before).
 */
export function canCopyPgliteTemplate(dataDir: string): boolean {
  return hasPgliteTemplate() && (!existsSync(dataDir) || readdirSync(dataDir).length === 0);
}

function hasPgliteTemplate(): boolean {
  return existsSync(path.join(PGLITE_TEMPLATE_DIR, 'PG_VERSION'));
}

/**
 * Copies the template to `dataDir`, which must not hold a database. The copy is made beside it
 * and renamed into place, so a start cut short leaves no half a database behind.
 */
export function copyPgliteTemplate(dataDir: string): void {
  const parent = path.dirname(dataDir);
  const staging = mkdtempSync(path.join(parent, `${path.basename(dataDir)}.new-`));
  try {
    cpSync(PGLITE_TEMPLATE_DIR, staging, { recursive: true });
    // An empty directory left where the database goes (made by hand, or by an older start).
    if (existsSync(dataDir)) rmdirSync(dataDir);
    renameSync(staging, dataDir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}
