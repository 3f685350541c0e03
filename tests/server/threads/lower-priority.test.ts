import { readlinkSync } from 'node:fs';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

// The analysis thread lowers its own priority; the thread that serves HTTP keeps its own.
describe.runIf(process.platform === 'linux')('lowerThreadPriority', () => {
  it('lowers only the calling thread', async () => {
    const module = new URL('../../../server/threads/lower-priority.ts', import.meta.url).href;
    const tsx = import.meta.resolve('tsx/esm/api');
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(module)}); })
         .then(({ lowerThreadPriority }) => parentPort.postMessage(lowerThreadPriority()));`,
      { eval: true },
    );
    const niceness = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(niceness).toBe(10);
    const self = Number(readlinkSync('/proc/thread-self').split('/').pop());
    expect(getPriority(self)).toBe(0);
  });
});
