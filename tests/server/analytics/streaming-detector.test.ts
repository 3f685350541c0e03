import { describe, expect, it } from 'vitest';
import { detectStream, streamingRules } from '../../../server/analytics/streaming-detector';
import { createRng } from '../../../server/analytics/rng';

const BASELINE = 600;

function series(n: number, seed: number, change: (i: number) => number): number[] {
  const rng = createRng(seed);
  let ar = 0;
  return Array.from({ length: n }, (_, i) => {
    ar = 0.5 * ar + rng.normal();
    return 20 + 3 * Math.sin((2 * Math.PI * i) / 48) + ar + change(i);
  });
}

const run = (values: number[]) =>
  detectStream(values, { baselineRows: BASELINE, targetFalseAlarmRate: 0.001 });
const alarms = (values: number[]) => run(values).episodes.map((e) => e.start);

describe('streaming detector', () => {
  it('stays quiet on a healthy stream with a daily cycle', () => {
    expect(alarms(series(4000, 1, () => 0))).toEqual([]);
  });

  it('raises one alarm for a level shift, which becomes the new normal after the settling time', () => {
    const values = series(4000, 2, (i) => (i >= 2000 ? 6 : 0));
    const result = run(values);
    expect(result.episodes.map((e) => e.start)).toEqual([expect.any(Number)]);
    expect(result.episodes[0]?.start).toBeGreaterThanOrEqual(2000);
    expect(result.episodes[0]?.start).toBeLessThan(2005);
    const { settleRows, quietRows } = streamingRules(BASELINE);
    const settled = 2000 + settleRows + quietRows;
    expect(result.episodes[0]?.end).toBeLessThan(settled);
    expect(result.scores.slice(settled + 50).filter((s) => s !== null && s > 1)).toEqual([]);
  });

  it('raises one alarm per spike and does not learn from it', () => {
    const spikes = [1500, 2500, 3500];
    const values = series(4000, 3, (i) => (spikes.includes(i) ? 15 : 0));
    expect(alarms(values)).toEqual(spikes);
  });

  it('raises one alarm for a stuck sensor', () => {
    const values = series(4000, 4, () => 0);
    for (let i = 2000; i < 2300; i += 1) values[i] = values[1999] ?? 0;
    const found = alarms(values);
    expect(found.filter((a) => a >= 2000 && a < 2300)).toHaveLength(1);
    expect(found.filter((a) => a < 2000)).toEqual([]);
  });

  it('is causal: a prefix of the stream gets the same scores and alarms', () => {
    const values = series(4000, 5, (i) => (i >= 1800 ? -5 : 0) + (i === 2600 ? 12 : 0));
    const whole = run(values);
    const prefix = run(values.slice(0, 2700));
    expect(prefix.scores).toEqual(whole.scores.slice(0, 2700));
    expect(prefix.episodes.map((e) => e.start)).toEqual(
      whole.episodes.map((e) => e.start).filter((a) => a < 2700),
    );
  });
});
