import type { AnalysisOutcome } from '../alerts/analysis-outcome.ts';
import type { Schemas } from '../contract-types.ts';
import type { BaselineVersionRow } from './baseline-versions.ts';
import { chartEpisodes, scoreReferenceCharts } from './chart-scores.ts';
import type { ReferenceCharts } from './reference-charts.ts';

export type ControlChartReport = NonNullable<Schemas['AnomalyReport']['control_chart']>;

/** The stored charts of a version, if it has readable ones (versions before decision 067 have none). */
export function chartsOf(reference: Pick<BaselineVersionRow, 'charts'>): ReferenceCharts | null {
  const charts = reference.charts as Partial<ReferenceCharts> | null;
  return charts &&
    Array.isArray(charts.features) &&
    charts.model !== undefined &&
    charts.coverage !== undefined &&
    typeof charts.quietWindows === 'number'
    ? (charts as ReferenceCharts)
    : null;
}

/**
 * One evaluation's control charts against the bridge's active accepted reference (decision
 * 067), never the moving model: run over every window read, from a zero state at the first, and
 * the episodes that reach into the evaluated period reported with the statistic that crossed.
 * Null without an active reference or charts stored with it.
 */
export function referenceChartStep(
  reference: BaselineVersionRow | undefined,
  featureNames: readonly string[],
  windows: readonly { start: number; features: readonly number[]; temperatureC: number }[],
  period: { from: number; to: number },
): ControlChartReport | null {
  const charts = reference ? chartsOf(reference) : null;
  if (!reference || !charts) return null;
  const scores = scoreReferenceCharts(charts, reference.modes, featureNames, windows);
  const inPeriod = scores.filter((s) => s.start >= period.from && s.start < period.to);
  const episodes = chartEpisodes(charts, scores).filter((e) => e.end > period.from);
  return {
    reference_version: reference.version,
    coverage_c: { low: charts.coverage.lowC, high: charts.coverage.highC },
    target_arl_days: charts.targetArlDays,
    judged_hours: inPeriod.filter((s) => s.score !== null).length,
    unjudged_hours: inPeriod.filter((s) => s.score === null).length,
    latest_score: inPeriod.findLast((s) => s.score !== null)?.score ?? null,
    episodes: episodes.map((e) => ({
      start: new Date(e.start).toISOString(),
      end: new Date(e.end).toISOString(),
      windows: e.windows,
      peak_score: e.peak,
      evidence: e.evidence,
    })),
  };
}

/** What the alerts need of the charts: their episodes and what crossed, once each. */
export function chartOutcome(
  report: ControlChartReport,
  sources: NonNullable<AnalysisOutcome['controlChart']>['sources'],
): NonNullable<AnalysisOutcome['controlChart']> {
  return {
    referenceVersion: report.reference_version,
    sources,
    evidence: [...new Set(report.episodes.map((e) => e.evidence))],
  };
}
