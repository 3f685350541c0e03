import { describe, expect, it } from 'vitest';
import { withChartEpisodes } from '../../../server/analysis/chart-episode-merge.ts';
import type { ControlChartReport } from '../../../server/analysis/reference-chart-step.ts';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-06-01T00:00:00Z');
const iso = (hours: number) => new Date(T0 + hours * HOUR).toISOString();

/** A day of hourly windows; the moving model's one episode from hour 5 to 8. */
const report = () => ({
  num_anomalies: 1,
  events: [{ start: iso(5), end: iso(8), windows: 3, peak_error: 4.2, top_contributors: [] }],
  alarms: [5],
  windows: Array.from({ length: 24 }, (_, h) => ({ start: iso(h), error: h === 15 ? 0.9 : 0.1 })),
});

const charts = (episodes: [number, number][]): ControlChartReport => ({
  reference_version: 2,
  coverage_c: { low: -1, high: 25 },
  target_arl_days: 1825,
  judged_hours: 24,
  unjudged_hours: 0,
  latest_score: 1,
  episodes: episodes.map(([from, to]) => ({
    start: iso(from),
    end: iso(to),
    windows: to - from,
    peak_score: 12,
    evidence: 'CUSUM of f1 below reference',
  })),
});

describe('the control charts’ episodes with the moving model’s (decision 067)', () => {
  it('counts an anomaly both saw once, so the count equals the episodes listed', () => {
    const { report: merged, sources } = withChartEpisodes(report(), charts([[6, 10]]));
    expect(sources).toEqual({ modelAlone: 0, both: 1, chartsAlone: 0 });
    expect(merged.num_anomalies).toBe(1);
    expect(merged.events).toHaveLength(1);
    expect(merged.alarms).toEqual([5]);
  });

  it('lists one only the charts saw as an episode of its own, with its alarm window', () => {
    const { report: merged, sources } = withChartEpisodes(
      report(),
      charts([
        [6, 10],
        [14, 17],
      ]),
    );
    expect(sources).toEqual({ modelAlone: 0, both: 1, chartsAlone: 1 });
    expect(merged.num_anomalies).toBe(2);
    expect(merged.events.map((e) => e.start)).toEqual([iso(5), iso(14)]);
    expect(merged.events[1]).toMatchObject({ windows: 3, peak_error: 0.9, top_contributors: [] });
    expect(merged.alarms).toEqual([5, 14]);
  });

  it('leaves the report as it was without charts', () => {
    const before = report();
    expect(withChartEpisodes(before, null)).toEqual({
      report: before,
      sources: { modelAlone: 1, both: 0, chartsAlone: 0 },
    });
    expect(withChartEpisodes(before, null).report).toBe(before);
  });
});
