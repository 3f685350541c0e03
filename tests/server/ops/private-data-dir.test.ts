import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, startServerProcess } from '../../helpers/server-process.ts';

const PORT = 8131;

/** Every path under `dir` whose mode lets group or others in, with that mode in octal. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const mode = statSync(path.join(dir, name)).mode & 0o777;
    if ((mode & 0o077) !== 0) found.push(`${name} ${mode.toString(8)}`);
  }
  return found;
}

/** The largest resident memory of a process so far (VmHWM, its threads included), in MB. */
function peakResidentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

describe('the data directory (issue 37, finding 8)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spanwatch-private-'));
  let listed = 0;
  let firstStartPeakMb = NaN;

  beforeAll(async () => {
    buildServer();
    // What an older release left behind: a folder and a file anyone could change.
    mkdirSync(path.join(dataDir, 'old'), { mode: 0o777 });
    writeFileSync(path.join(dataDir, 'old', 'users.dat'), 'x', { mode: 0o666 });
    // Without analysis threads, as bench:abuse runs it: the memory figure is the first start's.
    const server = await startServerProcess({
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ANALYSIS_WORKERS: 'off',
    });
    firstStartPeakMb = peakResidentMb(server.child.pid ?? 0);
    await server.stop();
    listed = readdirSync(dataDir, { recursive: true }).length;
  }, 120_000);

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('holds the embedded database, its keys and older files for the server user alone', () => {
    expect(listed).toBeGreaterThan(100);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it('is made on a first start within 500 MB of resident memory (issue 37)', () => {
    // Running initdb in the server held 916 MB; the build's template is copied instead.
    expect(firstStartPeakMb).toBeLessThan(500);
  });
});
