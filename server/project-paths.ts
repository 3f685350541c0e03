import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Files the server reads at run time (migrations, the contract, JSON data) are found from the
 * repository root, not from the module's own URL: compiled, every module's code sits in one
 * bundle in dist-server/ whose URL says nothing about where its source lived.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('SpanWatch cannot find its package.json above the server');
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();

/** A path inside the repository, e.g. projectPath('server', 'db', 'migrations'). */
export function projectPath(...parts: string[]): string {
  return path.join(projectRoot, ...parts);
}

/** True in the build of scripts/build-server.mjs, false under tsx or Vitest. */
export const runsCompiled = import.meta.url.endsWith('.js');
