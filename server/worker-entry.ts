import { Worker, type WorkerOptions } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { projectPath, runsCompiled } from './project-paths.ts';

/**
 * Starts a worker thread on a server module, given relative to server/ (for example
 * 'demo/history-worker.ts'). Compiled, that is its twin in dist-server/ (the module must be in
 * SERVER_ENTRIES of scripts/build-server.mjs); under tsx or Vitest the worker does not inherit
 * the TypeScript loader, so it registers tsx's before loading the source.
 */
export function startWorkerThread(entry: string, options: WorkerOptions = {}): Worker {
  if (runsCompiled) {
    return new Worker(projectPath('dist-server', entry.replace(/\.ts$/, '.js')), options);
  }
  const source = pathToFileURL(projectPath('server', entry)).href;
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
