// Steps of quasi-static channels as change points (issue 29, real data; decision 028). The step
// threshold (6 × the channel's 10-second wander) was chosen on the tuning record only,
// support_load_01 Force (FRC-01, FRC-02: the smallest threshold giving each channel the test's
// four load stages and nothing else); every other Munich record below is reporting data.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STEP_OPTIONS,
  peltMeanChanges,
  quasiStaticSteps,
  secondMedians,
  type ChannelSteps,
} from '../../../server/analytics/change-points';
import { parseLoggerRecord } from '../../../server/analytics/logger-record';
import { createRng } from '../../../server/analytics/rng';
import { firstZipEntry } from '../../../server/analytics/zip-entry';
import { projectRoot } from '../../../server/project-paths';

const RATE = 100;

function synthetic(levels: [number, number][], seconds: number, seed = 1): Float64Array {
  const rng = createRng(seed);
  const values = new Float64Array(seconds * RATE);
  for (let i = 0; i < values.length; i += 1) {
    const t = i / RATE;
    const level = levels.filter(([from]) => t >= from).reduce((sum, [, size]) => sum + size, 0);
    values[i] = level + 0.2 * rng.normal() + 0.3 * Math.sin(2 * Math.PI * 9.3 * t);
  }
  return values;
}
const timesOf = (n: number) => Float64Array.from({ length: n }, (_, i) => i / RATE);

describe('quasi-static steps on synthetic records', () => {
  it('finds two steps with their times and sizes, whatever the zero', () => {
    const values = synthetic(
      [
        [120, 5],
        [300, -3],
      ],
      480,
    );
    const found = quasiStaticSteps(timesOf(values.length), values);
    expect(found.steps).toHaveLength(2);
    expect(found.steps[0]?.fromSeconds).toBeGreaterThanOrEqual(110);
    expect(found.steps[0]?.toSeconds).toBeLessThanOrEqual(130);
    expect(found.steps[0]?.size).toBeCloseTo(5, 0);
    expect(found.steps[1]?.size).toBeCloseTo(-3, 0);
    const shifted = quasiStaticSteps(
      timesOf(values.length),
      values.map((v) => v - 145.3),
    );
    expect(shifted.steps.map((s) => s.fromSeconds)).toEqual(found.steps.map((s) => s.fromSeconds));
  });

  it('finds none in noise, in slow creep, or where a spike, a transient or a gap interrupts', () => {
    const values = synthetic([], 600, 2);
    for (let i = 0; i < values.length; i += 1) values[i] = (values[i] ?? 0) + 0.0005 * (i / RATE);
    values[20_000] = 80; // a spike
    for (let i = 30_000; i < 30_800; i += 1) values[i] = (values[i] ?? 0) + 4; // 8 s passing load
    for (let i = 40_000; i < 41_000; i += 1) values[i] = NaN; // 10 s lost
    const found = quasiStaticSteps(timesOf(values.length), values);
    expect(found.steps).toEqual([]);
    expect(found.coverage).toBeCloseTo(590 / 600, 2);
  });

  it('PELT places a mean change where it is and none in a constant series', () => {
    const z = [...Array(50).fill(0), ...Array(50).fill(10)].map((v, i) => v + ((i * 7) % 5) / 10);
    expect(peltMeanChanges(z, 3 * Math.log(z.length))).toEqual([50]);
    expect(peltMeanChanges(Array(40).fill(1), 10)).toEqual([]);
  });

  it('takes one-second medians and leaves a second with too few samples out', () => {
    const times = [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2.5];
    const values = [1, 2, 3, 100, 5, 5, 5, 5, 9];
    expect(secondMedians(times, values)).toEqual({ times: [0, 1], values: [2.5, 5] });
  });
});

const MUNICH = path.join(projectRoot, '..', 'shared', 'data', 'munich-bridge');
const available = existsSync(MUNICH);
if (!available) {
  console.warn(`Munich records not found at ${MUNICH}: the real-data change-point test is skipped`);
}

function stepsOf(file: string): Record<string, ChannelSteps> {
  const text = firstZipEntry(readFileSync(path.join(MUNICH, `${file}.csv.zip`))).toString('latin1');
  const record = parseLoggerRecord(text);
  return Object.fromEntries(
    record.columns.map((name, c) => [
      name.replace(/\s*[[(].*$/, ''),
      quasiStaticSteps(record.seconds, record.channels[c] ?? new Float64Array()),
    ]),
  );
}
const times = (found: ChannelSteps | undefined) =>
  (found?.steps ?? []).map((s) => (s.fromSeconds + s.toSeconds) / 2);
const signs = (found: ChannelSteps | undefined) =>
  (found?.steps ?? []).map((s) => Math.sign(s.size));
/** Every time of `a` within `tolerance` seconds of one of `b`'s. */
const coincide = (a: number[], b: number[], tolerance = 15) =>
  a.every((t) => b.some((u) => Math.abs(t - u) <= tolerance));

describe.skipIf(!available)('Munich: the tuning record that chose the step threshold', () => {
  it('support_load_01 Force: 6 × wander is the smallest threshold giving each cell four stages', () => {
    const text = firstZipEntry(
      readFileSync(path.join(MUNICH, 'UniBw_2022-04-11_support_load_01ForceAt100Hz.csv.zip')),
    ).toString('latin1');
    const record = parseLoggerRecord(text);
    const counts = (stepSigmas: number) =>
      record.channels.map(
        (channel) =>
          quasiStaticSteps(record.seconds, channel, { ...DEFAULT_STEP_OPTIONS, stepSigmas }).steps
            .length,
      );
    // Candidates 3, 4, 5, 6, 8, 10 (× wander): below 6, a 0.1 kN creep after a passing load counts.
    expect(DEFAULT_STEP_OPTIONS.stepSigmas).toBe(6);
    expect(counts(6)).toEqual([4, 4]);
    expect(counts(5)).toEqual([5, 5]);
  });
});

describe.skipIf(!available)('Munich test bridge, real 100 Hz records (reporting records)', () => {
  it('a support-load test: four load stages on the force, two on the strain, at the same times', () => {
    const all = stepsOf('UniBw_2022-04-11_ref_support_load_01AllM100Hz');
    expect(signs(all['FRC-01'])).toEqual([1, 1, -1, -1]);
    expect(signs(all.DMS_AS)).toEqual([1, -1]);
    expect(coincide(times(all.DMS_AS), times(all['FRC-01']))).toBe(true);
    expect(all.ACC01_z?.steps).toEqual([]);
    // The tilt moves 0.003° at the first stage, 5 × its wander: below the threshold.
    expect(all.INC01?.steps).toEqual([]);
    const strain = stepsOf('UniBw_2022-04-11_support_load_01DMS_CNAt100Hz');
    expect(signs(strain.DMS_CN)).toEqual([1, -1]);
  });

  it('each support lowering: its strain steps up, with the time of each stage', () => {
    const lowered = {
      s1: stepsOf('UniBw_2022-04-11_support_01_lowering_01DMS_CNAt100Hz').DMS_CN,
      s2: stepsOf('UniBw_2022-04-11_support_02_loweringDMS_CNAt100Hz').DMS_CN,
      s3: stepsOf('UniBw_2022-04-11_support_03_loweringDMS_CNAt100Hz').DMS_CN,
    };
    for (const found of Object.values(lowered)) {
      expect(found?.steps.length).toBeGreaterThanOrEqual(2);
      expect(signs(found).every((s) => s === 1)).toBe(true);
      expect(found?.netChange).toBeGreaterThan(25);
    }
    expect(times(lowered.s3)).toEqual([482, 679.5, 713]);
    // The second record of support 1 is its tail: one small settling step in its first 30 s.
    const tail = stepsOf('UniBw_2022-04-11_support_01_lowering_02DMS_CNAt100Hz').DMS_CN;
    expect(times(tail)).toEqual([27]);
    expect(tail?.steps[0]?.size).toBeLessThan(1.5);
  });

  it('the 10-minute reference state: no step on the tilt; the loads placed during it are on both force cells at once', () => {
    const force = stepsOf('ReferenceStateForceAt100Hz');
    const strain = stepsOf('ReferenceStateDMS_CNAt100Hz');
    const tilt = stepsOf('ReferenceStateINCAt100Hz');
    expect(tilt['INC-01']?.steps).toEqual([]);
    // Not a quiet record: three load changes of 4-6 kN each, seen by both cells together
    // (and the last by the strain gauge), so they are real, not detector noise.
    expect(signs(force['FRC-01'])).toEqual([1, 1, -1]);
    expect(coincide(times(force['FRC-01']), times(force['FRC-02']))).toBe(true);
    expect(coincide(times(strain.DMS_CN), times(force['FRC-01']))).toBe(true);
  });
});
