import { chmodSync, lstatSync, opendirSync } from 'node:fs';
import path from 'node:path';

/** Group and others may neither read, write nor enter anything the server keeps. */
const OTHERS_BITS = 0o077;

/**
 * Everything the process creates from now on is its user's alone (0600 files, 0700 folders):
 * DATA_DIR holds the embedded database, users and staff flags included, and its key files
 * (issue 37, finding 8). Process-wide, so PGlite's thread and any later write follow it.
 */
export function createPrivateFiles(): void {
  process.umask(OTHERS_BITS);
}

/**
 * Takes group and others' bits off every file and folder under `dir` made before the umask was
 * set (a data directory from an older release). Walks with its own stack; never follows links.
 * Answers how many entries it changed.
 */
export function makePrivate(dir: string): number {
  let changed = 0;
  const pending = [dir];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    let stats;
    try {
      stats = lstatSync(current);
    } catch {
      continue; // Gone, or never made: nothing to protect.
    }
    if (stats.isSymbolicLink()) continue;
    if ((stats.mode & OTHERS_BITS) !== 0) {
      chmodSync(current, stats.mode & 0o7700);
      changed += 1;
    }
    if (!stats.isDirectory()) continue;
    const entries = opendirSync(current);
    for (let entry = entries.readSync(); entry !== null; entry = entries.readSync()) {
      pending.push(path.join(current, entry.name));
    }
    entries.closeSync();
  }
  return changed;
}
