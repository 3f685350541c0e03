// A new, empty PGlite data directory for the server's first start to copy
// (server/db/pglite-template.ts says why; the paths here are the ones it reads). Run by
// scripts/build-server.mjs in a process of its own: initdb holds up to ~900 MB for ~15 s, which
// the build's caller (scripts/run-server.mjs goes on to run the server) must not keep.
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function pgliteVersion() {
  const manifest = path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  return JSON.parse(readFileSync(manifest, 'utf8')).version;
}

/**
 * One folder per PGlite version, renamed into place whole: a folder there is a complete
 * template, and builds running side by side (the tests build the server in parallel) never
 * replace one another's while a server copies it.
 */
const TEMPLATE_DIR = path.join(root, 'dist-server', `pglite-template-${pgliteVersion()}`);

/** Whether a template of the installed PGlite is in place already. */
export function templateIsCurrent() {
  return existsSync(path.join(TEMPLATE_DIR, 'PG_VERSION'));
}

/** The server's own files are private (issue 37, finding 8): so are the copies of these. */
function makePrivate(dir) {
  chmodSync(dir, 0o700);
  for (const name of readdirSync(dir)) {
    const entry = path.join(dir, name);
    if (statSync(entry).isDirectory()) makePrivate(entry);
    else chmodSync(entry, 0o600);
  }
}

async function makeTemplate() {
  const { PGlite } = await import('@electric-sql/pglite');
  const staging = mkdtempSync(path.join(root, 'dist-server', 'pglite-template.new-'));
  try {
    const pglite = new PGlite(staging);
    await pglite.waitReady;
    await pglite.close();
    makePrivate(staging);
    renameSync(staging, TEMPLATE_DIR);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // Another build made it meanwhile (tests build side by side): theirs serves as well.
    if (!templateIsCurrent()) throw error;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url) && !templateIsCurrent()) {
  await makeTemplate();
}
