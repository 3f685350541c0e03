import { describe, expect, it } from 'vitest';
import { summariseBaseline } from '../../../server/analysis/baseline-summary.ts';
import { learntColdEdge } from '../../../server/analysis/chart-coverage.ts';
import { chartEpisodes, scoreReferenceCharts } from '../../../server/analysis/chart-scores.ts';
import { trainReferenceCharts } from '../../../server/analysis/reference-charts.ts';
import { AUTUMN_START, DAY, FEATURES, seasonWindows, WINDOW_MS } from './chart-fixtures.ts';

/** A reference that learnt a winter: 150 days whose mean falls from 8 °C to −6 °C over 80 and stays. */
const winterMean = (day: number) => 8 - 14 * Math.min(1, day / 80);
const learnt = seasonWindows(AUTUMN_START, 150, 5, winterMean);
const modes = summariseBaseline(FEATURES, learnt, true).modes;
const charts = trainReferenceCharts(modes, FEATURES, learnt);
if (!charts) throw new Error('the reference has no charts');

/** A later cold spell about −4 °C, 14 days, with every mode scaled by `factor` from day 7. */
const COLD_START = AUTUMN_START + 180 * DAY * WINDOW_MS;
const ONSET = 7 * DAY;
const coldSpell = (loss: number) =>
  seasonWindows(
    COLD_START,
    14,
    6,
    () => -4,
    (i) => (i >= ONSET ? 1 - loss : 1),
  );
const run = (windows: ReturnType<typeof coldSpell>) => {
  const scores = scoreReferenceCharts(charts, modes, FEATURES, windows);
  return { scores, episodes: chartEpisodes(charts, scores) };
};

describe('the control charts of a reference that learnt the frost', () => {
  it('judge the frost hours it learnt, under the 2 °C floor', () => {
    expect(charts.coverage.lowC).toBeLessThan(-4);
    const { scores } = run(coldSpell(0));
    const judged = scores.filter((s) => s.score !== null).length;
    expect(judged).toBeGreaterThan(0.8 * scores.length);
  });

  it('raise nothing in a healthy cold spell', () => {
    expect(run(coldSpell(0)).episodes).toEqual([]);
  });

  it('raise a uniform −2 % loss that starts in the frost within 48 hours', () => {
    const [episode] = run(coldSpell(0.02)).episodes;
    const onsetMs = COLD_START + ONSET * WINDOW_MS;
    expect(episode?.start).toBeGreaterThanOrEqual(onsetMs - 3_600_000);
    expect(episode?.start).toBeLessThan(onsetMs + 48 * 3_600_000);
  });
});

describe('how far below the frost floor a reference learnt', () => {
  const hours = (from: number, to: number, each: number) =>
    Array.from({ length: Math.round((from - to) * 10) }, (_, k) => from - k / 10).flatMap((t) =>
      Array.from({ length: each }, () => t),
    );

  it('goes down the 1 °C steps as long as each holds enough training hours', () => {
    // 10 readings a step per 0.1 °C: 100 hours in every step from 2 °C down to −5 °C.
    const temperatures = [...hours(2, -5, 10), ...hours(20, 2, 10)];
    expect(learntColdEdge(temperatures, 2, 72)).toBe(-5);
    expect(learntColdEdge(temperatures, 2, 101)).toBe(2);
  });

  it('stops at the first step with too few hours, even with colder ones below', () => {
    const temperatures = [...hours(2, 0, 10), ...hours(-1, -6, 10)];
    expect(learntColdEdge(temperatures, 2, 72)).toBe(0);
  });

  it('stays at the floor for a reference that never met the frost', () => {
    expect(learntColdEdge(hours(25, 8, 10), 2, 72)).toBe(2);
    expect(learntColdEdge([], 2, 72)).toBe(2);
  });
});
