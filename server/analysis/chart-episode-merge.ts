import type { ControlChartReport } from './reference-chart-step.ts';

interface ReportEpisodes {
  num_anomalies: number;
  events: {
    start: string;
    end: string;
    windows: number;
    peak_error: number;
    top_contributors: unknown[];
  }[];
  alarms?: number[];
  windows: { start: string; error?: number | null }[];
}

const overlaps = (a: { start: string; end: string }, b: { start: string; end: string }) =>
  Date.parse(a.start) <= Date.parse(b.end) && Date.parse(b.start) <= Date.parse(a.end);

/** How many of the merged episodes each detector found; they add up to the report's count. */
export interface EpisodeSources {
  /** The moving model's episodes no chart episode overlaps. */
  modelAlone: number;
  /** The moving model's episodes a chart episode overlaps: one anomaly, found by both. */
  both: number;
  /** The chart episodes the model missed, added as episodes of their own. */
  chartsAlone: number;
}

/**
 * The moving model's episodes with the control charts' (decision 067) as one list: a chart
 * episode that overlaps one of the model's is the same anomaly seen twice and is not counted
 * again; one the model missed becomes an episode of its own, with the window it starts at as
 * its alarm and the model's largest error in it as its peak (the chart's statistic is in the
 * report's `control_chart`). So 'Anomalies Detected: N' always equals the episodes listed.
 */
export function withChartEpisodes<Report extends ReportEpisodes>(
  report: Report,
  charts: ControlChartReport | null,
): { report: Report; sources: EpisodeSources } {
  const chartEpisodes = charts?.episodes ?? [];
  const both = report.events.filter((e) => chartEpisodes.some((c) => overlaps(c, e))).length;
  const missed = chartEpisodes.filter((c) => !report.events.some((e) => overlaps(c, e)));
  const sources = {
    modelAlone: report.events.length - both,
    both,
    chartsAlone: missed.length,
  };
  if (missed.length === 0) return { report, sources };
  const startOf = (iso: string) => {
    const at = Date.parse(iso);
    const index = report.windows.findIndex((w) => Date.parse(w.start) >= at);
    return index < 0 ? Math.max(0, report.windows.length - 1) : index;
  };
  const added = missed.map((c) => {
    const inside = report.windows.filter((w) => overlaps({ start: w.start, end: w.start }, c));
    return {
      event: {
        start: c.start,
        end: c.end,
        windows: c.windows,
        peak_error: Math.max(0, ...inside.map((w) => w.error ?? 0)),
        top_contributors: [],
        frequency_shift: null,
      },
      alarm: startOf(c.start),
    };
  });
  const events = [...report.events, ...added.map((a) => a.event)].sort(
    (a, b) => Date.parse(a.start) - Date.parse(b.start),
  );
  const alarms = [...(report.alarms ?? []), ...added.map((a) => a.alarm)].sort((a, b) => a - b);
  return { report: { ...report, events, alarms, num_anomalies: events.length }, sources };
}
