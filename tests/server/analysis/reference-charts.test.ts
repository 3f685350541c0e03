import { describe, expect, it } from 'vitest';
import { summariseBaseline } from '../../../server/analysis/baseline-summary.ts';
import { chartEpisodes, scoreReferenceCharts } from '../../../server/analysis/chart-scores.ts';
import { trainReferenceCharts } from '../../../server/analysis/reference-charts.ts';
import {
  autumn,
  DAY,
  FEATURES,
  seasonWindows,
  WINDOW_MS,
  WINTER_START,
  winterMean,
} from './chart-fixtures.ts';

const learnt = autumn();
const modes = summariseBaseline(FEATURES, learnt, true).modes;
const charts = trainReferenceCharts(modes, FEATURES, learnt);
if (!charts) throw new Error('the reference has no charts');

/** The chart episodes over windows, run from the reference's end as the analysis runs them. */
const episodesOf = (windows: Parameters<typeof scoreReferenceCharts>[3]) =>
  chartEpisodes(charts, scoreReferenceCharts(charts, modes, FEATURES, windows));

describe('the control charts against the accepted reference', () => {
  it('are set once on the reference’s own windows, for its temperatures', () => {
    expect(charts.features).toEqual(FEATURES);
    expect(charts.coverage.lowC).toBeGreaterThan(Math.min(...learnt.map((w) => w.temperatureC)));
    expect(charts.coverage.highC).toBeLessThan(Math.max(...learnt.map((w) => w.temperatureC)));
    // Stored as JSON with the version: nothing is lost on the way.
    expect(JSON.parse(JSON.stringify(charts))).toEqual(charts);
  });

  it('raise nothing through a healthy first winter colder than anything the reference saw', () => {
    const winter = seasonWindows(WINTER_START, 60, 2, winterMean);
    const scores = scoreReferenceCharts(charts, modes, FEATURES, winter);
    // Judged at the temperatures it learnt, nothing.
    // Judged in the frost it never saw (the coverage rule removed), this winter raised episodes.
    expect(chartEpisodes(charts, scores)).toEqual([]);
    expect(scores.filter((s) => s.score === null).length).toBeGreaterThan(30 * 24);
    // The charts' own model judges an hour only where its lagged temperature is inside what it
    // learnt too (decision 067, amended 2026-11-30): 38 hours here, more than 48 with the air alone.
    expect(scores.filter((s) => s.score !== null).length).toBeGreaterThan(24);
  });

  it('raise a uniform −2 % loss inside the reference’s temperatures within 48 hours', () => {
    const onset = 10 * DAY;
    const windows = seasonWindows(
      WINTER_START,
      14,
      3,
      () => 13,
      (i) => (i >= onset ? 0.98 : 1),
    );
    const episodes = episodesOf(windows);
    expect(episodes).toHaveLength(1);
    const [episode] = episodes;
    const onsetMs = WINTER_START + onset * WINDOW_MS;
    expect(episode?.start).toBeGreaterThanOrEqual(onsetMs - 3_600_000);
    expect(episode?.start).toBeLessThan(onsetMs + 48 * 3_600_000);
    expect(episode?.evidence).toMatch(/below reference|T²/);
    expect(episode?.evidence).toMatch(/in-control ARL of 5\.0 years/);
  });

  it('say which mode’s CUSUM crossed when f1 alone loses 2 %', () => {
    const onset = 10 * DAY;
    const windows = seasonWindows(
      WINTER_START,
      14,
      4,
      () => 13,
      (i, mode) => (i >= onset && mode === 0 ? 0.98 : 1),
    );
    const [episode] = episodesOf(windows);
    expect(episode?.start).toBeLessThan(WINTER_START + onset * WINDOW_MS + 48 * 3_600_000);
    expect(episode?.evidence).toMatch(/^(CUSUM of f1 below reference|T² \(MEWMA\))/);
  });
});
