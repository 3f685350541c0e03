import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The server's worker-thread entry modules, by name, as paths under `server/`. A compiled build
 * makes each its own entry point, emitted as `<file name>.js` beside the bundle that holds this
 * module (for example `dist/server/analysis-thread.js` next to `dist/server/main.js`).
 */
const ENTRIES = {
  analysis: 'analysis/analysis-thread',
  pglite: 'db/pglite-thread',
} as const;

export type WorkerEntry = keyof typeof ENTRIES;

const fromSource = import.meta.url.endsWith('.ts');

/**
 * Starts one of the entries on a worker thread. From the TypeScript source (tsx, a test runner)
 * the worker registers tsx's loader before it loads the entry: a worker inherits no loader.
 */
export function startWorker(name: WorkerEntry, options: WorkerOptions = {}): Worker {
  const path = ENTRIES[name];
  if (!fromSource) {
    const file = path.slice(path.lastIndexOf('/') + 1);
    return new Worker(new URL(`./${file}.js`, import.meta.url), options);
  }
  const entry = new URL(`../${path}.ts`, import.meta.url);
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
