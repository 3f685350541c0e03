import { at } from '../../../server/analytics/at';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng } from '../../../server/analytics/rng';

const TSX = path.resolve('node_modules/.bin/tsx');
const CLI = path.resolve('server/analytics/detect-cli.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'detect-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function detect(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(TSX, [CLI, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

// 160 hourly rows: three modes following temperature; the first mode drops 4 % from row 140.
function writeCsv(name: string, rows = 160): string {
  const rng = createRng(12);
  const lines = ['time,f1,f2,f3,temperature'];
  for (let i = 0; i < rows; i += 1) {
    const t = 5 + 8 * Math.sin(i / 12) + 0.2 * rng.normal();
    const drop = i >= 140 ? 0.96 : 1;
    const modes = [3, 10, 21].map(
      (f, k) => f * (1 - 0.002 * t) * (k === 0 ? drop : 1) * (1 + 0.002 * rng.normal()),
    );
    const time = new Date(Date.UTC(2026, 0, 1, i)).toISOString();
    const cells = modes.map((f) => f.toFixed(5));
    if (i === 150) cells[1] = ''; // a missing value
    lines.push([time, ...cells, i === 151 ? '' : t.toFixed(2)].join(','));
  }
  const file = path.join(dir, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

function prefixOf(file: string, name: string, rows: number): string {
  const text = readFileSync(file, 'utf8');
  const prefix = path.join(dir, name);
  writeFileSync(
    prefix,
    `${text
      .split('\n')
      .slice(0, rows + 1)
      .join('\n')}\n`,
  );
  return prefix;
}

// Each case starts the command with tsx, seconds apiece on a loaded 2-core machine.
describe('npm run detect', { timeout: 90_000 }, () => {
  const full = writeCsv('full.csv');
  const prefix = prefixOf(full, 'prefix.csv', 145);

  it.each([
    ['mahalanobis', ['--smooth-rows', '1'], 1, 18],
    ['autoencoder', ['--epochs', '3', '--smooth-rows', '1'], 1, 10],
    ['mahalanobis', [], 12, 12],
  ])(
    '%s %s: one JSON object, damage flagged, and causal scores on a prefix',
    async (method, extra, smoothRows, mustFlag) => {
      const base = [
        '--baseline-rows',
        '100',
        '--context',
        'temperature',
        '--method',
        method,
        '--seed',
        '5',
        ...extra,
      ];
      const [whole, part] = await Promise.all([
        detect(['--input', full, ...base]),
        detect(['--input', prefix, ...base]),
      ]);
      expect(whole.code).toBe(0);
      expect(whole.stderr).toContain('Scored 160 rows');
      const result = JSON.parse(whole.stdout) as Record<string, unknown> & {
        reconstruction_errors: number[];
        anomaly_indices: number[];
        alarms: number[];
      };
      expect(Object.keys(result)).toEqual([
        'method',
        'threshold',
        'target_false_alarm_rate',
        'calibration_rows',
        'smooth_rows',
        'reconstruction_errors',
        'anomaly_indices',
        'anomaly_count',
        'alarms',
      ]);
      expect(result.method).toBe(method);
      expect(result.target_false_alarm_rate).toBe(0.01);
      expect(result.calibration_rows).toBe(25);
      expect(result.smooth_rows).toBe(smoothRows);
      // One episode for the damage from row 140, none in the healthy rows after the baseline.
      expect(result.alarms.filter((i) => i >= 140)).toHaveLength(1);
      expect(result.alarms.every((i) => i >= 100)).toBe(true);
      expect(result.reconstruction_errors).toHaveLength(160);
      expect(result.anomaly_count).toBe(result.anomaly_indices.length);
      const damagedFlagged = result.anomaly_indices.filter((i) => i >= 140).length;
      expect(damagedFlagged).toBeGreaterThanOrEqual(mustFlag);
      const prefixResult = JSON.parse(part.stdout) as typeof result;
      expect(prefixResult.threshold).toBe(result.threshold);
      expect(prefixResult.reconstruction_errors).toEqual(
        result.reconstruction_errors.slice(0, 145),
      );
      expect(prefixResult.anomaly_indices).toEqual(result.anomaly_indices.filter((i) => i < 145));
      expect(prefixResult.alarms).toEqual(result.alarms.filter((i) => i < 145));
    },
  );

  it('control-chart: per-row scores over a threshold of 1, the damage alarmed once, causal on a prefix', async () => {
    const args = [
      '--baseline-rows',
      '100',
      '--context',
      'temperature',
      '--method',
      'control-chart',
    ];
    const [whole, part] = await Promise.all([
      detect(['--input', full, ...args]),
      detect(['--input', prefix, ...args]),
    ]);
    expect(whole.code).toBe(0);
    const result = JSON.parse(whole.stdout) as {
      method: string;
      threshold: number;
      target_false_alarm_rate: number;
      smooth_rows: number;
      reconstruction_errors: (number | null)[];
      anomaly_indices: number[];
      alarms: number[];
      unjudged_indices: number[];
      cumulative_shift: {
        amber: number;
        red: number;
        columns: string[];
        shift: (number | null)[][];
        level: string[];
        changes: { row: number; level: string }[];
      };
    };
    expect(result.method).toBe('control-chart');
    expect(result.threshold).toBe(1);
    expect(result.target_false_alarm_rate).toBeCloseTo(1 / 17_520, 10);
    expect(result.smooth_rows).toBe(1);
    expect(result.alarms.filter((i) => i >= 140)).toHaveLength(1);
    expect(result.alarms.every((i) => i >= 140)).toBe(true);
    expect(result.anomaly_indices.filter((i) => i >= 140).length).toBeGreaterThanOrEqual(10);
    // Rows outside the baseline's temperatures are unjudged: null, never an alarm.
    for (const i of result.unjudged_indices) expect(result.reconstruction_errors[i]).toBeNull();
    const prefixResult = JSON.parse(part.stdout) as typeof result;
    expect(prefixResult.reconstruction_errors).toEqual(result.reconstruction_errors.slice(0, 145));
    expect(prefixResult.alarms).toEqual(result.alarms.filter((i) => i < 145));
    // The cumulative shift: f1's 4 % loss crosses amber (−2 %) within a day, not red (−5 %).
    const shift = result.cumulative_shift;
    expect([shift.amber, shift.red, shift.columns]).toEqual([-0.02, -0.05, ['f1', 'f2', 'f3']]);
    expect(shift.changes).toHaveLength(1);
    expect(shift.changes[0]?.level).toBe('amber');
    expect(shift.changes[0]?.row).toBeGreaterThanOrEqual(140);
    expect(shift.changes[0]?.row).toBeLessThan(140 + 24);
    expect(shift.shift[0]?.at(-1)).toBeLessThan(-0.03);
    expect(prefixResult.cumulative_shift.level).toEqual(shift.level.slice(0, 145));
  }, 60_000);

  it('chooses the control charts by default for frequencies, the autoencoder for signed channels or a short baseline', async () => {
    const signed = path.join(dir, 'signed.csv');
    writeFileSync(
      signed,
      readFileSync(full, 'utf8').replace(/\n([^,\n]+),([\d.]+),/g, (_, time: string, f1: string) =>
        Number(time.slice(11, 13)) % 2 ? `\n${time},-${f1},` : `\n${time},${f1},`,
      ),
    );
    const base = ['--context', 'temperature', '--epochs', '2'];
    const runs = await Promise.all([
      detect(['--input', full, '--baseline-rows', '100', ...base]),
      detect(['--input', full, '--baseline-rows', '39', ...base]),
      detect(['--input', signed, '--baseline-rows', '100', ...base]),
    ]);
    const methods = runs.map((run) => (JSON.parse(run.stdout) as { method: string }).method);
    expect(methods).toEqual(['control-chart', 'autoencoder', 'autoencoder']);
  }, 60_000);

  it('scores one channel without context as a stream: one alarm for a level shift, at the stated rate', async () => {
    const rng = createRng(3);
    const lines = ['time,flow'];
    for (let i = 0; i < 1200; i += 1)
      lines.push(`${i},${(10 + rng.normal() + (i >= 800 ? 6 : 0)).toFixed(3)}`);
    const file = path.join(dir, 'stream.csv');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const args = ['--baseline-rows', '180', '--target-false-alarm-rate', '0.002'];
    const [whole, part] = await Promise.all([
      detect(['--input', file, ...args]),
      detect(['--input', prefixOf(file, 'stream-prefix.csv', 850), ...args]),
    ]);
    expect(whole.code).toBe(0);
    const result = JSON.parse(whole.stdout) as {
      method: string;
      target_false_alarm_rate: number;
      calibration_rows: number;
      anomaly_indices: number[];
      alarms: number[];
      reconstruction_errors: (number | null)[];
    };
    expect(result.method).toBe('streaming');
    expect(result.target_false_alarm_rate).toBe(0.002);
    expect(result.calibration_rows).toBe(90);
    expect(result.alarms).toEqual([800]);
    expect(result.anomaly_indices.length).toBeGreaterThan(1);
    expect(result.anomaly_indices).toContain(800);
    const prefix = JSON.parse(part.stdout) as typeof result;
    expect(prefix.reconstruction_errors).toEqual(result.reconstruction_errors.slice(0, 850));
    expect(prefix.alarms).toEqual([800]);
  });

  // Bad inputs run side by side to keep the file fast.
  const badInputs: [string[], string][] = [
    [
      ['--input', 'missing.csv', '--baseline-rows', '10'],
      "Cannot read the input file 'missing.csv'",
    ],
    [['--baseline-rows', '10'], '--input is required'],
    [
      ['--input', 'FULL', '--baseline-rows', '500'],
      '--baseline-rows must be a whole number from 8 to the 160 rows of the file',
    ],
    [
      ['--input', 'FULL', '--baseline-rows', '50', '--context', 'humidity'],
      "Context column 'humidity' is not in the CSV header",
    ],
    [
      ['--input', 'FULL', '--baseline-rows', '50', '--method', 'magic'],
      "Unknown method 'magic'; use one of: autoencoder, mahalanobis, streaming, control-chart",
    ],
    [
      ['--input', 'FULL', '--baseline-rows', '50', '--target-false-alarm-rate', '0.7'],
      '--target-false-alarm-rate must be a number above 0 and below 0.5',
    ],
    [
      ['--input', 'FULL', '--baseline-rows', '50', '--target-false-alarm-rate', 'often'],
      "--target-false-alarm-rate must be a number, got 'often'",
    ],
    [
      ['--input', 'FULL', '--baseline-rows', '50', '--method', 'streaming'],
      'The streaming method scores one channel',
    ],
    [['--input', 'BAD', '--baseline-rows', '8'], "Line 3, column 'f1': 'abc' is not a number"],
    [
      ['--input', 'FULL', '--baseline-rows', '50', '--trigger-levels', '5,2'],
      '--trigger-levels must be two losses in percent, amber then red',
    ],
    [
      ['--input', 'FULL', '--baseline-rows', '20', '--method', 'control-chart'],
      '--method control-chart needs at least 40 baseline rows',
    ],
  ];

  it('exits with code 2 and a clear message on bad input, printing nothing on stdout', async () => {
    const bad = path.join(dir, 'bad.csv');
    writeFileSync(bad, 'time,f1\n1,2.5\n2,abc\n');
    const runs = await Promise.all(
      badInputs.map(([args]) =>
        detect(args.map((a) => (a === 'FULL' ? full : a === 'BAD' ? bad : a))),
      ),
    );
    runs.forEach((run, i) => {
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(at(badInputs, i)[1]);
    });
  }, 90_000);
});
