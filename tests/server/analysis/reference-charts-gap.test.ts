import { describe, expect, it } from 'vitest';
import { summariseBaseline } from '../../../server/analysis/baseline-summary.ts';
import { chartEpisodes, scoreReferenceCharts } from '../../../server/analysis/chart-scores.ts';
import { trainReferenceCharts } from '../../../server/analysis/reference-charts.ts';
import type { DatasetWindow } from '../../../server/analysis/window-dataset.ts';
import { AUTUMN_START, DAY, FEATURES, seasonWindows, WINDOW_MS } from './chart-fixtures.ts';

/** A reference that learnt a winter: 150 days whose mean falls from 8 °C to −6 °C over 80 and stays. */
const winterMean = (day: number) => 8 - 14 * Math.min(1, day / 80);
const learnt = seasonWindows(AUTUMN_START, 150, 5, winterMean);
const modes = summariseBaseline(FEATURES, learnt, true).modes;
const charts = trainReferenceCharts(modes, FEATURES, learnt);
if (!charts?.compensation) throw new Error('the reference has no charts of their own model');
const lagHours = charts.compensation.form.lagRows;

const HOUR_MS = 3_600_000;
const LATER = AUTUMN_START + 200 * DAY * WINDOW_MS;
const BEFORE_DAYS = 5;

/**
 * Five days about 8 °C, then no data for `gapHours` (a logger off), then five days about −3 °C:
 * the air, and the deck after it, cooled 11 °C while nothing was recorded.
 */
function withGap(gapHours: number): DatasetWindow[] {
  const before = seasonWindows(LATER, BEFORE_DAYS, 7, () => 8);
  const resume = LATER + BEFORE_DAYS * DAY * WINDOW_MS + gapHours * HOUR_MS;
  return [...before, ...seasonWindows(resume, 5, 8, () => -3)];
}

const scoresAfterGap = (gapHours: number) => {
  const windows = withGap(gapHours);
  const scores = scoreReferenceCharts(charts, modes, FEATURES, windows);
  const resume = LATER + BEFORE_DAYS * DAY * WINDOW_MS + gapHours * HOUR_MS;
  return { scores, episodes: chartEpisodes(charts, scores), resume };
};

describe('the control charts across a gap in the data', () => {
  it('use a lagged temperature (the premise of the tests below)', () => {
    expect(lagHours).toBeGreaterThan(0);
  });

  it('judge no hour after a long gap until the lagged temperature has settled again', () => {
    const { scores, resume } = scoresAfterGap(48);
    const firstJudged = scores.find((s) => s.start >= resume && s.score !== null);
    // As at the start of a run: four time constants of the lag pass before an hour is judged.
    expect(firstJudged?.start).toBe(resume + 4 * lagHours * HOUR_MS);
  });

  it('raise nothing on a healthy bridge whose air cooled during a long gap', () => {
    expect(scoresAfterGap(48).episodes).toEqual([]);
  });

  it('keep judging across a gap shorter than the lag’s time constant', () => {
    const { scores, resume } = scoresAfterGap(1);
    expect(scores.find((s) => s.start === resume)?.score).not.toBeNull();
  });

  it('treat an hour without a temperature as a gap, not as a fresh start judged at once', () => {
    const windows = seasonWindows(LATER, 3, 9, () => 8).map((w, i) =>
      i >= 2 * DAY && i < 2 * DAY + 6 * lagHours ? { ...w, temperatureC: Number.NaN } : w,
    );
    const scores = scoreReferenceCharts(charts, modes, FEATURES, windows);
    const resume = LATER + (2 * DAY + 6 * lagHours) * WINDOW_MS;
    const firstJudged = scores.find((s) => s.start >= resume && s.score !== null);
    expect(firstJudged?.start).toBe(resume + 4 * lagHours * HOUR_MS);
  });
});
