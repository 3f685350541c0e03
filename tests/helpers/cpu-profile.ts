import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

/**
 * `VITEST_CPU_PROFILE=DIR npx vitest run FILE` writes FILE's CPU profile (its tests, hooks and
 * the threads' work they wait on in this process) to DIR, for `node scripts/cpu-profile-top.mjs`.
 * Node's own `--cpu-prof` (through Vitest's `--execArgv`) wrote nothing: the worker is ended
 * before Node writes the profile at exit; the inspector's profiler is stopped here instead, at
 * the file's end (docs/decisions/083-test-cpu-profile.md).
 */
export function profileEachFile(directory: string): void {
  const session = new Session();
  beforeAll(async () => {
    session.connect();
    await session.post('Profiler.enable');
    // 2 ms: a few minutes' file stays a few MB, still fine enough to rank functions.
    await session.post('Profiler.setSamplingInterval', { interval: 2000 });
    await session.post('Profiler.start');
  });
  afterAll(async () => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(directory, { recursive: true });
    const file = basename(expect.getState().testPath ?? 'unknown');
    const name = `${file}.${process.pid}.${Date.now()}.cpuprofile`;
    writeFileSync(join(directory, name), JSON.stringify(profile));
  });
}
