import { describe, expect, it, vi } from 'vitest';
import { summariseBaseline } from '../../../server/analysis/baseline-summary.ts';
import { createBaselineVersions } from '../../../server/analysis/baseline-versions.ts';
import { trainReferenceCharts } from '../../../server/analysis/reference-charts.ts';
import { chartOutcome, referenceChartStep } from '../../../server/analysis/reference-chart-step.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { bridgeWithStreams, outcome, storedAlerts } from '../alerts/alert-fixtures.ts';
import { autumn, DAY, FEATURES, seasonWindows, WINDOW_MS, WINTER_START } from './chart-fixtures.ts';

vi.setConfig({ hookTimeout: 180_000 });

const learnt = autumn();
const modes = summariseBaseline(FEATURES, learnt, true).modes;
const charts = trainReferenceCharts(modes, FEATURES, learnt);

describe.each(drivers)('a control-chart alarm against the stored reference on %s', (kind) => {
  const t = setupTestApp(kind);

  it('is judged with the charts kept with the version, and its alert says what crossed', async () => {
    const { bridge } = await bridgeWithStreams(t, 'Chart Bridge');
    const versions = createBaselineVersions(t.services.database.db);
    await versions.add({
      bridgeId: bridge.id,
      status: 'proposed',
      trainedFrom: new Date(learnt[0]?.start ?? 0),
      trainedTo: new Date(learnt.at(-1)?.end ?? 0),
      windowsUsed: learnt.length,
      temperatureMin: 8,
      temperatureMax: 18,
      modes,
      model: {},
      charts,
      trainingSeconds: 1,
      reason: 'test',
    });
    const [stored] = await versions.list(bridge.id);
    if (!stored) throw new Error('no version stored');
    expect(stored.charts).toEqual(charts);

    // Every mode 2 % lower from day 3 of a week at the reference's temperatures.
    const onset = 3 * DAY;
    const windows = seasonWindows(
      WINTER_START,
      7,
      5,
      () => 13,
      (i) => (i >= onset ? 0.98 : 1),
    );
    const period = {
      from: WINTER_START + 2 * DAY * WINDOW_MS,
      to: WINTER_START + 7 * DAY * WINDOW_MS,
    };
    const report = referenceChartStep(stored, FEATURES, windows, period);
    expect(report?.reference_version).toBe(1);
    expect(report?.episodes).toHaveLength(1);
    expect(Date.parse(report?.episodes[0]?.start ?? '')).toBeLessThan(
      WINTER_START + onset * WINDOW_MS + 48 * 3_600_000,
    );
    // Hours outside the temperatures the reference learnt are counted, not judged.
    expect(report?.unjudged_hours).toBeGreaterThan(0);
    // Since the charts' own model also needs its lagged temperature inside what it learnt
    // (decision 067, amended 2026-11-30), this week judges 59 hours and leaves 61; judged
    // hours outnumbered the unjudged ones with the air-temperature model.
    expect(report?.judged_hours).toBeGreaterThan(48);

    // The moving model found nothing: the charts alone raise the condition, and say so.
    if (!report) throw new Error('no chart report');
    await t.services.alerts.analysisCompleted({
      ...outcome(bridge.id, 1),
      controlChart: chartOutcome(report, { modelAlone: 0, both: 0, chartsAlone: 1 }),
    });
    const anomaly = (await storedAlerts(t, bridge.id)).find((a) => a.type === 'Anomaly Detection');
    expect(anomaly?.state).toBe('active');
    expect(anomaly?.message).toMatch(
      /^1 anomaly detected \(1 by the control charts against reference version 1 \((CUSUM of .* below reference|T² \(MEWMA\) of the modal residuals, below reference), threshold at an in-control ARL of 5\.0 years\)\)$/,
    );
  });
});
