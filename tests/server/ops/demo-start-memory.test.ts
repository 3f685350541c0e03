import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, startServerProcess } from '../../helpers/server-process.ts';

const PORT = 8133;

/** The largest resident memory of a process so far (VmHWM, its threads included), in MB. */
function peakResidentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

describe('a first demo start writing its history (issue 37)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spanwatch-demo-memory-'));
  let peakMb = NaN;
  let printed = '';

  beforeAll(async () => {
    buildServer();
    // Six days already make 14 million samples through the history thread; without analysis
    // threads the figure is the history writer's (the analysis is measured in decision 039).
    const server = await startServerProcess({
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DEMO_HISTORY_DAYS: '6',
      ANALYSIS_WORKERS: 'off',
    });
    peakMb = peakResidentMb(server.child.pid ?? 0);
    printed = server.output();
    await server.stop();
    // Six days of history take well under a minute alone; beside a loaded run, over two.
  }, 300_000);

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stores the history within 500 MB of resident memory', () => {
    expect(printed).toContain('demo history: 6 of 6 days stored');
    // 566 MB while the history thread's young generation could grow to 96 MB; 442 MB at 8 MB.
    expect(peakMb).toBeLessThan(500);
  });
});
