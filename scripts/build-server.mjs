// `npm run build:server`: compiles the API server to plain JavaScript in dist-server/, which
// production runs with `node` (tsx is a development tool only). Our own code is bundled per
// entry; packages stay external, so what the server imports at run time must be a runtime
// dependency in package.json (the build fails when one is not).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Every file a process or a worker thread starts from, relative to server/. A worker thread's
 * entry is started through server/worker-entry.ts, which finds its compiled twin here by the
 * same relative path (server/demo/history-worker.ts -> dist-server/demo/history-worker.js);
 * the threads' list is server/threads/thread-entries.json, read by the server too.
 */
const THREAD_ENTRIES = JSON.parse(
  readFileSync(path.join(root, 'server', 'threads', 'thread-entries.json'), 'utf8'),
);
export const SERVER_ENTRIES = ['main.ts', 'migrate-cli.ts', ...Object.values(THREAD_ENTRIES)];

export const SERVER_OUT_DIR = path.join(root, 'dist-server');

function runtimeDependencies() {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return new Set(Object.keys(manifest.dependencies ?? {}));
}

/** 'drizzle-orm/pglite' -> 'drizzle-orm', '@scope/name/x' -> '@scope/name'. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export async function buildServer({ quiet = false } = {}) {
  const started = Date.now();
  const result = await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES.map((entry) => path.join('server', entry)),
    outbase: 'server',
    outdir: SERVER_OUT_DIR,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    metafile: true,
    logLevel: quiet ? 'error' : 'warning',
  });
  const allowed = runtimeDependencies();
  const missing = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const { path: specifier, external } of output.imports) {
      if (external && !specifier.startsWith('node:') && !allowed.has(packageName(specifier))) {
        missing.add(packageName(specifier));
      }
    }
  }
  if (missing.size > 0) {
    throw new Error(
      `The server imports packages that are not runtime dependencies: ${[...missing].join(', ')}`,
    );
  }
  // What scripts/run-server.mjs compares with the build's age to rebuild after a change.
  const inputs = Object.keys(result.metafile.inputs).filter(
    (file) => !file.includes('node_modules'),
  );
  writeFileSync(path.join(SERVER_OUT_DIR, 'inputs.json'), JSON.stringify(inputs));
  makePgliteTemplate();
  if (!quiet) console.log(`Built the server into dist-server/ in ${Date.now() - started} ms`);
}

/**
 * The empty database a first start copies (server/db/pglite-template.ts), made once per
 * PGlite version, in a process of its own (scripts/make-pglite-template.mjs).
 */
function makePgliteTemplate() {
  const script = path.join(root, 'scripts', 'make-pglite-template.mjs');
  const made = spawnSync(process.execPath, [script], { cwd: root, encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`making the PGlite template failed: ${made.stderr}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
}
