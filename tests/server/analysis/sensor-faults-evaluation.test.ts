import { describe, expect, it, vi } from 'vitest';
import { analyseBridge } from '../../../server/analysis/analyse-bridge.ts';
import { loadBridgeStreams } from '../../../server/analysis/bridge-streams.ts';
import { checkLimits } from '../../../server/analysis/limit-check.ts';
import { slotMeans } from '../../../server/analysis/window-means.ts';
import type { Schemas } from '../../../server/contract-types.ts';
import type { FaultSpec } from '../../../server/sim/scenario.ts';
import { HEALTH_ALERT_TYPES } from '../../../domain/health.ts';
import { analysisModels, sensorFaults } from '../../../server/db/schema.ts';
import { gatherReportFacts } from '../../../server/report/report-gather.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { evaluationDrivers } from '../../helpers/test-database.ts';
import { storedAlerts } from '../alerts/alert-fixtures.ts';
import { DAY_MS, START_MS, simulatedBridge, testScenario } from './analysis-fixtures.ts';

vi.setConfig({ testTimeout: 600_000, hookTimeout: 300_000 });

const HOUR_MS = 3_600_000;
const DAYS = 9;
/** The drift begins in the evaluated week, after the seven days the detector learns from. */
const DRIFT_FROM = START_MS + 7.5 * DAY_MS;

const WINDOW_MS = 600_000;

// Issue 30: a stream found faulty by its own measurements is a 'Sensor fault' on that sensor,
// stored with kind and onset, and is judged by neither the detector nor its limits from the
// onset on (decision 048); before the onset it is judged as usual.
describe.each(evaluationDrivers)('sensor faults in the stored evaluation on %s', (kind) => {
  const t = setupTestApp(kind);

  /**
   * A bridge whose strain gauge has a high limit, by default 20 µε above its highest mean before
   * the drift; `structural` adds changes of the other streams.
   */
  async function limitedBridge(
    name: string,
    prefix: string,
    drift: boolean,
    options: { highLimit?: (before: number[]) => number; structural?: FaultSpec[] } = {},
  ) {
    const full = testScenario(prefix);
    // Without accelerometers the detector judges the quasi-static means (decision 026), so a
    // drifting gauge left in would move it; with them, both bridges' other streams stay healthy.
    const scenario = drift
      ? { ...full, streams: full.streams.filter((s) => s.dataType !== 'acceleration') }
      : full;
    const { bridge, sensors, to } = await simulatedBridge(t.services, {
      name,
      scenario: {
        ...scenario,
        faults: [
          ...(drift
            ? [
                {
                  stream: `${prefix}-s1-str`,
                  kind: 'drift' as const,
                  from: DRIFT_FROM,
                  magnitude: 2,
                },
              ]
            : []),
          ...(options.structural ?? []),
        ],
      },
      days: DAYS,
    });
    const db = t.services.database.db;
    const streams = await loadBridgeStreams(db, bridge.id);
    const strain = streams.find((s) => s.streamId === `${prefix}-s1-str`);
    if (!strain) throw new Error('the strain stream is missing');
    const before = (await slotMeans(db, strain.id, START_MS, DRIFT_FROM)).filter(Number.isFinite);
    await t.services.sensors.setLimits(sensors.get(`${prefix}-s1-str`) ?? 0, {
      limitLow: null,
      limitHigh: options.highLimit?.(before) ?? Math.max(...before) + 20,
      limitSustainedMinutes: 30,
    });
    return { bridge, strain, streams, to };
  }

  it("raises one 'Sensor fault' for a drifting gauge, never 'Limit exceeded', and leaves it out of the detector", async () => {
    const { bridge, strain, to } = await limitedBridge('Drift Bridge', 'sfd', true);
    const db = t.services.database.db;
    // Judged raw, the drift (2 µε an hour for the last 36 hours) is beyond the limit: without
    // the sensor check it would be 'Limit exceeded'.
    expect(await checkLimits(db, bridge.id, new Map(), to - 1)).toHaveLength(1);

    expect(await analyseBridge(t.services, bridge.id, { epochs: 5 })).toBe('evaluated');

    const alerts = await storedAlerts(t, bridge.id);
    expect(alerts.map((a) => [a.type, a.subject, a.severity, a.state])).toEqual([
      ['Sensor fault', String(strain.id), 'Medium', 'active'],
    ]);
    expect(alerts[0]?.message).toMatch(
      /^Sensor fault on stream sfd-s1-str: Drift since 2026-04-\d\d \d\d:\d\d UTC: drifting up by [\d.]+ µε per hour over 24 h against its reference$/,
    );
    const stored = await db.select().from(sensorFaults);
    expect(stored.map((f) => [f.datastreamId, f.kind, f.endedAt])).toEqual([
      [strain.id, 'drift', null],
    ]);
    const onset = stored[0]?.onset.getTime() ?? 0;
    // The onset is the start of the 24 hours that showed the slope.
    expect(onset).toBeGreaterThanOrEqual(DRIFT_FROM - 24 * HOUR_MS);
    expect(onset).toBeLessThanOrEqual(DRIFT_FROM + 24 * HOUR_MS);
    expect(await t.services.sensorFaults.faultyIntervals(strain.id, START_MS, to)).toEqual([
      { kind: 'drift', fromMs: onset, toMs: null },
    ]);

    const result = await t.services.analysis.findResult(bridge.id);
    const report = result?.report as Schemas['AnomalyReport'];
    // The detector reads the strain means here, and each window from the fault's onset counts
    // the stream as left out: the drift raises no structural alarm.
    const [model] = await db.select().from(analysisModels);
    expect(model?.featureNames).toContain('sfd-s1-str.mean');
    expect(report.skipped_windows?.faulty).toBeGreaterThan(0);
    expect(report.num_anomalies).toBe(0);

    // The monthly report lists it.
    const april = { label: '2026-04', startMs: Date.UTC(2026, 3, 1), endMs: Date.UTC(2026, 4, 1) };
    const facts = await gatherReportFacts({ ...t.services, db }, bridge.id, april, new Date());
    expect(facts.sensorFaults).toEqual([
      {
        streamId: 'sfd-s1-str',
        kind: 'Drift',
        onset: new Date(onset).toISOString(),
        ended: null,
        reason: expect.stringMatching(/^drifting up by [\d.]+ µε per hour over 24 h/),
      },
    ]);

    // The next evaluation finds the same episode: still one fault, one alert.
    expect(await analyseBridge(t.services, bridge.id)).toBe('evaluated');
    expect((await db.select().from(sensorFaults)).length).toBe(1);
    expect((await storedAlerts(t, bridge.id)).map((a) => [a.type, a.state])).toEqual([
      ['Sensor fault', 'active'],
    ]);
  });

  it('raises no sensor fault on a healthy bridge and judges all its streams', async () => {
    const { bridge } = await limitedBridge('Healthy Bridge', 'sfh', false);
    expect(await analyseBridge(t.services, bridge.id, { epochs: 5 })).toBe('evaluated');
    const alerts = await storedAlerts(t, bridge.id);
    expect(alerts.filter((a) => a.type === 'Sensor fault')).toEqual([]);
    expect(await t.services.database.db.select().from(sensorFaults)).toEqual([]);
    const result = await t.services.analysis.findResult(bridge.id);
    const report = result?.report as Schemas['AnomalyReport'];
    expect(report.skipped_windows?.faulty).toBeUndefined();
  });

  /** The stored fault's onset, and the evaluation's report. */
  async function onsetAndReport(bridgeId: number) {
    const [fault] = await t.services.database.db.select().from(sensorFaults);
    const result = await t.services.analysis.findResult(bridgeId);
    return {
      onset: fault?.onset.getTime() ?? 0,
      report: result?.report as Schemas['AnomalyReport'],
    };
  }

  const structuralAlerts = async (bridgeId: number) =>
    (await storedAlerts(t, bridgeId)).filter((a) =>
      (HEALTH_ALERT_TYPES as readonly string[]).includes(a.type),
    );

  it('judges a drifting gauge before the onset of its fault and leaves it out from there, evaluation after evaluation', async () => {
    // A limit below every mean of the gauge: beyond it all along, before the drift and after.
    const { bridge, strain } = await limitedBridge('Onset Bridge', 'sfo', true, {
      highLimit: (before) => Math.min(...before) - 10,
    });
    expect(await analyseBridge(t.services, bridge.id, { epochs: 5 })).toBe('evaluated');
    const { onset, report } = await onsetAndReport(bridge.id);
    // The breach is raised on the windows before the onset, and ends where the fault begins.
    const alerts = await storedAlerts(t, bridge.id);
    expect(alerts.map((a) => [a.type, a.subject]).sort()).toEqual([
      ['Limit exceeded', String(strain.id)],
      ['Sensor fault', String(strain.id)],
    ]);
    const limit = alerts.find((a) => a.type === 'Limit exceeded')?.message ?? '';
    const [, since, hours] = /since (\S+) \(([\d.]+) h\)/.exec(limit) ?? [];
    const breachEnd = Date.parse(since ?? '') + Number(hours) * HOUR_MS;
    expect(breachEnd).toBeLessThanOrEqual(onset + 0.05 * HOUR_MS);
    expect(breachEnd).toBeGreaterThan(onset - WINDOW_MS - 0.05 * HOUR_MS);
    // The detector is told of the gauge for the windows from the onset only: each window of the
    // period that touches the fault counts once.
    const periodEnd = Date.parse(report.period_end);
    const fromOnset = (periodEnd - Math.floor(onset / WINDOW_MS) * WINDOW_MS) / WINDOW_MS;
    const periodWindows = (periodEnd - Date.parse(report.period_start)) / WINDOW_MS;
    expect(fromOnset).toBeLessThan(periodWindows);
    expect(report.skipped_windows?.faulty).toBe(fromOnset);
    expect(report.num_anomalies).toBe(0);
    expect(await structuralAlerts(bridge.id)).toEqual([]);

    // The second evaluation scores on the stored model with the same rule: still no alarm.
    expect(await analyseBridge(t.services, bridge.id)).toBe('evaluated');
    const second = await onsetAndReport(bridge.id);
    expect(second.onset).toBe(onset);
    expect(second.report.skipped_windows?.faulty).toBe(fromOnset);
    expect(second.report.num_anomalies).toBe(0);
    expect(await structuralAlerts(bridge.id)).toEqual([]);
  });

  it('still finds a structural change after the onset, with the faulty gauge left out', async () => {
    // The deck's displacement creeps 0.5 mm an hour from a day after the drift (a settling
    // support): a change of the structure, which no sensor check judges as a fault.
    const creepFrom = DRIFT_FROM + 24 * HOUR_MS;
    const { bridge, strain } = await limitedBridge('Settling Onset Bridge', 'sfc', true, {
      structural: [{ stream: 'sfc-s2-disp', kind: 'drift', from: creepFrom, magnitude: 0.5 }],
    });
    expect(await analyseBridge(t.services, bridge.id, { epochs: 5 })).toBe('evaluated');
    const { onset, report } = await onsetAndReport(bridge.id);
    expect(onset).toBeLessThan(creepFrom);
    const faults = await t.services.database.db.select().from(sensorFaults);
    expect(faults.map((f) => f.datastreamId)).toEqual([strain.id]);
    expect(report.skipped_windows?.faulty).toBeGreaterThan(0);
    expect(report.num_anomalies).toBeGreaterThan(0);
    const contributors = report.events.flatMap((e) =>
      e.top_contributors.flatMap((c) => (c.share > 0 ? [c.feature] : [])),
    );
    expect(contributors).toContain('sfc-s2-disp.mean');
    expect(contributors).not.toContain('sfc-s1-str.mean');
    expect(Date.parse(report.events[0]?.start ?? '')).toBeGreaterThanOrEqual(creepFrom);
    expect((await structuralAlerts(bridge.id)).length).toBeGreaterThan(0);
  });
});
