import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const TSX = path.resolve('node_modules/.bin/tsx');
const CLI = path.resolve('server/analytics/changepoints-cli.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'changepoints-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(TSX, [CLI, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

// Two minutes at 100 Hz written as a logger does ('DD.MM.YYYY', a trailing header comma, a lost
// sample), a 6 kN step at 60 s.
function writeRecord(): string {
  const lines = ['Time (-),FRC-01 [kN],'];
  for (let i = 0; i < 12_000; i += 1) {
    const ms = Date.UTC(2022, 3, 11, 8, 36) + i * 10;
    const stamp = new Date(ms).toISOString();
    const time = `${stamp.slice(8, 10)}.${stamp.slice(5, 7)}.${stamp.slice(0, 4)} ${stamp.slice(11, 23)}`;
    const force = 210 + (i >= 6_000 ? 6 : 0) + 0.02 * Math.sin(i * 1.7) + 0.01 * Math.cos(i * 0.37);
    lines.push(`${time},${i === 500 ? '' : force.toFixed(5)}`);
  }
  const file = path.join(dir, 'record.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

// Each case starts the command with tsx, seconds apiece on a loaded 2-core machine.
describe('npm run changepoints', { timeout: 90_000 }, () => {
  it('prints each channel’s steps with their times as JSON', async () => {
    const result = await run(['--input', writeRecord()]);
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as {
      samples: number;
      channels: Record<
        string,
        { steps: { fromSeconds: number; toSeconds: number; size: number }[] }
      >;
    };
    expect(output.samples).toBe(12_000);
    const steps = output.channels['FRC-01 [kN]']?.steps ?? [];
    expect(steps).toHaveLength(1);
    expect(steps[0]?.fromSeconds).toBeGreaterThanOrEqual(55);
    expect(steps[0]?.toSeconds).toBeLessThanOrEqual(65);
    expect(steps[0]?.size).toBeCloseTo(6, 1);
  });

  it('names an unknown channel and a missing file with exit code 2', async () => {
    const unknown = await run(['--input', writeRecord(), '--channels', 'FRC-09']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("no column 'FRC-09'");
    const missing = await run(['--input', path.join(dir, 'none.csv.zip')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Cannot read the input file');
  });
});
