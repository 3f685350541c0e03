import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { simulateAccelerations, type ModalStructure } from '../../../../server/sim/modal-response';

const TSX = path.resolve('node_modules/.bin/tsx');
const CLI = path.resolve('server/analytics/modal/modal-cli.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'modal-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function modal(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(TSX, [CLI, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

const STRUCTURE: ModalStructure = {
  frequenciesHz: [2.5, 7.2],
  dampingRatios: [0.012, 0.02],
  shapes: [
    [0.5, 1, 0.7],
    [1, -0.4, -0.9],
  ],
};

// 5 minutes at 50 Hz, three channels, a time column, three short gaps and one of 40 rows.
function writeRecord(): string {
  const channels = simulateAccelerations(STRUCTURE, {
    rateHz: 50,
    samples: 15_000,
    noise: 0.02,
    seed: 21,
  });
  const lines = ['time,deck_a,deck_b,deck_c'];
  for (let t = 0; t < 15_000; t += 1) {
    const cells = channels.map((channel) => (channel[t] ?? 0).toPrecision(6));
    if (t === 1000 || t === 1001 || t === 5000) cells[1] = '';
    if (t >= 9000 && t < 9040) cells[0] = '';
    lines.push([(t / 50).toFixed(2), ...cells].join(','));
  }
  const file = path.join(dir, 'record.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const record = writeRecord();

interface Output {
  channels: string[];
  modes: {
    frequency_hz: number;
    damping_ratio: number;
    shape: number[];
    mpc: number;
    stable_orders: number;
  }[];
}

// Each case starts the command with tsx, seconds apiece on a loaded 2-core machine.
describe('npm run modal', { timeout: 90_000 }, () => {
  it('prints the modes of a logger CSV sorted by frequency and writes the stabilisation diagram', async () => {
    const diagram = path.join(dir, 'diagram.svg');
    const run = await modal(['--input', record, '--rate', '50', '--diagram', diagram]);
    expect(run.stderr).toContain('Filled 2 gaps (3 samples');
    expect(run.stderr).toContain('Left 40 rows out of the correlations');
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout) as Output;
    expect(output.channels).toEqual(['deck_a', 'deck_b', 'deck_c']);
    expect(output.modes).toHaveLength(2);
    output.modes.forEach((mode, m) => {
      expect(Math.abs(mode.frequency_hz / (STRUCTURE.frequenciesHz[m] ?? 0) - 1)).toBeLessThan(
        0.005,
      );
    });
    const [first, second] = output.modes;
    expect(first?.damping_ratio).toBeCloseTo(0.012, 2);
    expect(second?.shape.map((v) => Number(v.toFixed(1)))).toEqual([1, -0.4, -0.9]);
    expect(first?.mpc).toBeGreaterThan(0.95);
    expect(first?.stable_orders).toBeGreaterThan(12);
    const svg = readFileSync(diagram, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('Model order');
    expect(svg).toContain('class="stable"');
  }, 30_000);

  it('analyses only the channels asked for, named with or without their unit', async () => {
    const run = await modal([
      '--input',
      record,
      '--rate',
      '50',
      '--channels',
      'deck_c,deck_a',
      '--fmax',
      '5',
    ]);
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout) as Output;
    expect(output.channels).toEqual(['deck_c', 'deck_a']);
    expect(output.modes).toHaveLength(1);
    expect(output.modes[0]?.frequency_hz).toBeCloseTo(2.5, 1);
    expect(output.modes[0]?.shape.map((v) => Number(v.toFixed(1)))).toEqual([1, 0.7]);
  }, 30_000);

  it('refuses an unknown channel with a message on stderr and exit code 2', async () => {
    const run = await modal(['--input', record, '--rate', '50', '--channels', 'deck_x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "--channels: 'deck_x' is not a column of the CSV (columns: deck_a, deck_b, deck_c)",
    );
    expect(run.stdout).toBe('');
  }, 30_000);

  it('refuses a missing rate with exit code 2', async () => {
    const run = await modal(['--input', record]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--rate is required');
  }, 30_000);

  it('names the line and column of a cell that is not a number', async () => {
    const bad = path.join(dir, 'bad.csv');
    writeFileSync(bad, 'index,a,b\n0,1,2\n1,x,3\n');
    const run = await modal(['--input', bad, '--rate', '100']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Line 3, column 'a': 'x' is not a number");
  }, 30_000);

  it('refuses a record too short for the model with exit code 2', async () => {
    const short = path.join(dir, 'short.csv');
    writeFileSync(short, 'index,a\n0,1\n1,2\n2,3\n');
    const run = await modal(['--input', short, '--rate', '100']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('the record has 3 usable rows');
  }, 30_000);
});
