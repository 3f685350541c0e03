import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng } from '../../../../server/analytics/rng';
import { astmRainflow } from './astm-reference.ts';

const TSX = path.resolve('node_modules/.bin/tsx');
const CLI = path.resolve('server/analytics/fatigue/fatigue-cli.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'fatigue-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command with `args` and then the `more` options (kept apart so lines stay short). */
function fatigue(args: string[], more: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      [CLI, ...args, ...Object.entries(more).flat()],
      { timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

function writeCsv(name: string, header: string, rows: string[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, `${[header, ...rows].join('\r\n')}\r\n`);
  return file;
}

interface Output {
  cycles: [number, number, number][];
  damage: number;
  equivalent_stress_range_2e6_mpa: number;
  samples_used: number;
  detail: string;
  unit: string;
}

// EN 1993-1-9 Figure 7.1, detail 71: slope 3 to ΔσD at 5·10⁶ cycles, slope 5 to ΔσL at 10⁸.
const LIMIT_71 = 71 * Math.cbrt(2 / 5);
const CUT_OFF_71 = LIMIT_71 * (5e6 / 1e8) ** (1 / 5);
function cyclesToFailure71(range: number): number {
  if (range >= LIMIT_71) return 2e6 * (71 / range) ** 3;
  return range >= CUT_OFF_71 ? 5e6 * (LIMIT_71 / range) ** 5 : Infinity;
}

// Each case starts the command with tsx, seconds apiece on a loaded 2-core machine.
describe('npm run fatigue', { timeout: 90_000 }, () => {
  // 400 samples of stress in MPa, on quarter steps so the file's text is the exact value.
  const rng = createRng(30);
  const stress = Array.from({ length: 400 }, () => Math.round(rng.normal() * 160) / 4);

  it('prints the ASTM E1049 cycles of a gap-free file in order, with their damage', async () => {
    const file = writeCsv(
      'stress.csv',
      'Time (-);Gauge 1 [MPa];Other [MPa]',
      stress.map((s, i) => `${i / 10};${s};0`),
    );
    const run = await fatigue(['--input', file, '--column', 'Gauge 1', '--rate', '10']);
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout) as Output;
    const expected = astmRainflow(stress).map((c) => [c.range, c.mean, c.cycles]);
    expect(output.cycles).toEqual(expected);
    const damage = astmRainflow(stress).reduce(
      (sum, c) => sum + c.cycles / cyclesToFailure71(c.range),
      0,
    );
    expect(output.damage).toBeCloseTo(damage, 12);
    expect(output.equivalent_stress_range_2e6_mpa).toBeCloseTo(71 * Math.cbrt(damage), 9);
    expect(output).toMatchObject({ samples_used: 400, detail: 'EC3 71', unit: 'MPa' });
  });

  it('counts missing and unparseable cells as gaps, and converts microstrain with the modulus', async () => {
    const file = writeCsv('strain.csv', 'time,DMS_CN (um\\m),FRC [kN]', [
      '0,0,1',
      '1,500,1',
      '2,,1',
      '3,-500,1',
      '4,ERR,1',
      '5,500',
      '6,0,1',
    ]);
    const run = await fatigue([
      '--input',
      file,
      '--column',
      'DMS_CN',
      '--rate',
      '100',
      '--modulus-gpa',
      '200',
    ]);
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout) as Output;
    // Three stretches: 0 → 500 | −500 | 500 → 0; a zero in place of a gap would add cycles.
    expect(output.cycles).toEqual([
      [500, 250, 0.5],
      [500, 250, 0.5],
    ]);
    expect(output.samples_used).toBe(5);
    // 500 µε at 200 GPa is 100 MPa.
    expect(output.damage).toBeCloseTo(1 / cyclesToFailure71(100), 15);
    // Asked to read past single missing cells (never by default), the stretches join.
    const bridged = await fatigue(['--input', file, '--column', 'DMS_CN', '--rate', '100'], {
      '--bridge-samples': '1',
    });
    expect((JSON.parse(bridged.stdout) as Output).cycles).toEqual(
      astmRainflow([0, 500, -500, 500, 0]).map((c) => [c.range, c.mean, c.cycles]),
    );
    // On a shear detail the column is shear strain: τ = G·γ, G = 200 / 2.6 GPa, so 38.5 MPa,
    // against ΔτC = 80 at slope 5.
    const shear = await fatigue(
      ['--input', file, '--column', 'DMS_CN', '--rate', '100', '--modulus-gpa', '200'],
      { '--detail': 'EC3-shear-80' },
    );
    const sheared = JSON.parse(shear.stdout) as Output & { stress: string };
    expect(sheared).toMatchObject({ detail: 'EC3 shear 80', stress: 'shear' });
    expect(sheared.damage).toBeCloseTo(1 / (2e6 * (80 / ((500 * (200 / 2.6)) / 1000)) ** 5), 15);
    expect(sheared.equivalent_stress_range_2e6_mpa).toBeCloseTo(80 * sheared.damage ** 0.2, 9);
  });

  it('removes the quasi-static part with --highpass-hz and says how', async () => {
    // A 0.2 µε/s drift under 40 MPa pulses every 20 s at 10 Hz, for 10 minutes.
    const rows = Array.from({ length: 6000 }, (_, i) => {
      const pulse = i % 200 < 10 ? 200 : 0;
      return `${i / 10},${(0.02 * i + pulse).toFixed(2)}`;
    });
    const file = writeCsv('drift.csv', 'time,S1 (um/m)', rows);
    const asGiven = await fatigue(['--input', file, '--column', 'S1', '--rate', '10']);
    const run = await fatigue(['--input', file, '--column', 'S1', '--rate', '10'], {
      '--highpass-hz': '0.02',
    });
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout) as Output & { highpass: unknown };
    expect(output.highpass).toEqual({
      method: 'moving median',
      corner_hz: 0.02,
      window_samples: 501,
    });
    const largest = (o: Output) => Math.max(...o.cycles.map(([range]) => range));
    // Counted as given, the drift joins the first and last pulses into a range of 320 µε.
    expect(largest(JSON.parse(asGiven.stdout) as Output)).toBeGreaterThan(300);
    // High-passed, the pulses stand alone (the window is cut short at the file's ends, where
    // the baseline lags the drift by up to a quarter window: 2.5 µε here, and the pulses lift the
    // median a little).
    expect(largest(output)).toBeGreaterThan(197);
    expect(largest(output)).toBeLessThan(205);
  });

  it('refuses a missing column, a bad rate, an unknown detail and a force column with exit code 2', async () => {
    const file = writeCsv('one.csv', 'time,S1 (um/m)', ['0,1', '1,2']);
    const force = writeCsv('force.csv', 'time,FRC-01 [kN]', ['0,1', '1,2']);
    // Side by side: each run starts tsx anew, which takes seconds on a loaded machine.
    const [missing, rate, detail, notStrain] = await Promise.all([
      fatigue(['--input', file, '--column', 'S2', '--rate', '10']),
      fatigue(['--input', file, '--column', 'S1', '--rate', '0']),
      fatigue(['--input', file, '--column', 'S1', '--rate', '10'], { '--detail': 'EC3-72' }),
      fatigue(['--input', force, '--column', 'FRC-01', '--rate', '10']),
    ]);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toContain("No column 'S2' in the CSV header");
    expect(rate.code).toBe(2);
    expect(rate.stderr).toContain("--rate must be a positive number, got '0'");
    expect(detail.code).toBe(2);
    expect(detail.stderr).toContain("Unknown detail category 'EC3-72'");
    expect(notStrain.code).toBe(2);
    expect(notStrain.stderr).toContain("Column 'FRC-01 [kN]' is in 'kN', not microstrain or MPa");
  });
});
