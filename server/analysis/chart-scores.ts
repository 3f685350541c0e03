import { CHART_DESIGN, chartStatistics } from '../analytics/control-charts.ts';
import type { BaselineMode } from '../db/schema.ts';
import {
  chosenFormResiduals,
  hourlyRows,
  type ReferenceCharts,
  referenceResiduals,
} from './reference-charts.ts';

/** The mean of a row's observed modes (0 when none). */
function meanOf(row: readonly number[]): number {
  let sum = 0;
  let n = 0;
  for (const v of row) {
    if (!Number.isFinite(v)) continue;
    sum += v;
    n += 1;
  }
  return n === 0 ? 0 : sum / n;
}

/** One hour's chart score: the largest scaled statistic over the threshold (> 1 alarms). */
export interface ChartScore {
  start: number;
  /** null: unjudged (outside the reference's coverage, or no mode observed). */
  score: number | null;
  /** Which statistic is the largest: a mode's index, then the modes' mean, then T². */
  statistic: number;
}

/** A chart alarm episode, in data time, with the statistic that crossed first. */
export interface ChartEpisode {
  start: number;
  end: number;
  windows: number;
  peak: number;
  evidence: string;
}

/**
 * The reference's charts run over the windows' hourly rows in time order from a zero state (the
 * first hour read), so a score depends on its window and the ones before it only. Unjudged windows hold
 * the charts' state and are never learnt.
 */
export function scoreReferenceCharts(
  charts: ReferenceCharts,
  modes: readonly BaselineMode[],
  featureNames: readonly string[],
  windows: readonly { start: number; features: readonly number[]; temperatureC: number }[],
): ChartScore[] {
  const rows = hourlyRows(windows);
  const residuals = charts.compensation
    ? chosenFormResiduals(charts.compensation, charts.coverage, charts.features, featureNames, rows)
    : referenceResiduals(modes, charts.features, featureNames, charts.coverage, rows);
  const step = chartStatistics(charts.model);
  const { scales, threshold } = charts.model;
  const t2 = charts.features.length + 1;
  let drift = 0;
  return rows.map((w, i) => {
    const row = residuals[i] ?? null;
    const stats = step(row);
    if (stats === null || row === null) return { start: w.start, score: null, statistic: -1 };
    drift = CHART_DESIGN.lambda * meanOf(row) + (1 - CHART_DESIGN.lambda) * drift;
    let worst = 0;
    let statistic = 0;
    stats.forEach((value, j) => {
      // T² counts only while the modes sit below the reference on the MEWMA's own weighting:
      // damage lowers frequencies, and a deck stiffer than its air temperature says (frost,
      // the day's thermal lag) is no loss (decision 067).
      if (j === t2 && drift >= 0) return;
      const scaled = value / (scales[j] ?? 1);
      if (scaled > worst) {
        worst = scaled;
        statistic = j;
      }
    });
    return { start: w.start, score: worst / threshold, statistic };
  });
}

const years = (days: number) =>
  days >= 365 ? `${(days / 365).toFixed(1)} years` : `${Math.round(days)} days`;

/** The statistic's words, as the alert states them. */
export function statisticWords(charts: ReferenceCharts, statistic: number): string {
  const m = charts.features.length;
  const mode = charts.features[statistic]?.split('.').at(-1);
  const which =
    statistic < m
      ? `CUSUM of ${mode ?? charts.features[statistic] ?? 'a mode'} below reference`
      : statistic === m
        ? 'CUSUM of the mean of the modes below reference'
        : 'T² (MEWMA) of the modal residuals, below reference';
  return `${which}, threshold at an in-control ARL of ${years(charts.targetArlDays)}`;
}

/**
 * The alarm episodes of a score series: an episode starts at a judged window above 1 after
 * `charts.quietWindows` judged windows at or below it, and ends at its last window above 1.
 * Unjudged windows neither start, continue nor end one.
 */
export function chartEpisodes(
  charts: ReferenceCharts,
  scores: readonly ChartScore[],
): ChartEpisode[] {
  const episodes: ChartEpisode[] = [];
  let quiet = charts.quietWindows;
  let open: ChartEpisode | null = null;
  const windowMs = charts.windowMinutes * 60_000;
  for (const { start, score, statistic } of scores) {
    if (score === null) continue;
    if (score > 1) {
      if (!open || quiet >= charts.quietWindows) {
        open = {
          start,
          end: start + windowMs,
          windows: 0,
          peak: 0,
          evidence: statisticWords(charts, statistic),
        };
        episodes.push(open);
      }
      open.end = start + windowMs;
      open.windows += 1;
      open.peak = Math.max(open.peak, score);
      quiet = 0;
    } else {
      quiet += 1;
    }
  }
  return episodes;
}
