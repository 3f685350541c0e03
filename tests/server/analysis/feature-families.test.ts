import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { analyseBridge } from '../../../server/analysis/analyse-bridge.ts';
import type { DatasetPlan, PlannedStream } from '../../../server/analysis/dataset-plan.ts';
import { planFeatureNames } from '../../../server/analysis/window-dataset.ts';
import { analysisModels } from '../../../server/db/schema.ts';
import { evaluationDrivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { DAY_MS, START_MS, simulatedBridge, testScenario } from './analysis-fixtures.ts';

vi.setConfig({ hookTimeout: 300_000, testTimeout: 300_000 });

type Schemas = components['schemas'];

const stream = (streamId: string, dataType: PlannedStream['dataType']): PlannedStream => ({
  id: streamId.length,
  streamId,
  dataType,
  rateHz: 1,
  expectedSamples: 600,
});

describe('the detector features of each family', () => {
  const streams = [
    stream('acc', 'acceleration'),
    stream('str', 'strain'),
    stream('tlt', 'tilt'),
    stream('tmp', 'temperature'),
  ];
  const modal = [
    { stream: 'acc', initialHz: [2.1, 2.4], minHz: 0.3, maxHz: 4, segmentLength: 256 },
  ];
  const plan = (family: DatasetPlan['family'], withModes = true): DatasetPlan => ({
    streams,
    temperatureStream: 'tmp',
    modal: withModes ? modal : [],
    ...(family ? { family } : {}),
    unfed: [],
  });

  it('uses the tracked modes only, or the quasi-static means without modes', () => {
    expect(planFeatureNames(plan('modal'))).toEqual(['acc.f1', 'acc.f2']);
    expect(planFeatureNames(plan('quasi-static', false))).toEqual(['str.mean', 'tlt.mean']);
  });

  it('keeps every statistic for a model stored before the families', () => {
    expect(planFeatureNames(plan(undefined))).toEqual([
      ...['mean', 'rms', 'peak', 'std'].map((stat) => `acc.${stat}`),
      'acc.f1',
      'acc.f2',
      ...['mean', 'rms', 'peak', 'std'].map((stat) => `str.${stat}`),
      ...['mean', 'rms', 'peak', 'std'].map((stat) => `tlt.${stat}`),
    ]);
  });
});

describe.each(evaluationDrivers)('feature families on %s', (kind) => {
  const t = setupTestApp(kind);

  it('decides structural alarms on the tracked modes: a drifting strain gauge raises none', async () => {
    const operator = await t.createUser();
    const scenario = testScenario('drf');
    const { bridge } = await simulatedBridge(t.services, {
      name: 'Drifting Gauge Bridge',
      scenario: {
        ...scenario,
        faults: [
          { stream: 'drf-s1-str', kind: 'drift', from: START_MS + 7 * DAY_MS, magnitude: 40 },
        ],
      },
      days: 8,
    });
    await t.services.users.setBridges(operator.id, [bridge.id]);
    const analysis = t.services;
    expect(await analyseBridge(analysis, bridge.id, { epochs: 5 })).toBe('evaluated');

    const [model] = await t.services.database.db.select().from(analysisModels);
    expect(model?.featureNames.length).toBeGreaterThan(0);
    expect(model?.featureNames.every((name) => /\.f\d+$/.test(name))).toBe(true);

    const report = await t.request<Schemas['AnomalyReport']>({
      method: 'GET',
      url: `/api/v1/ai/anomalies?sid=${encodeURIComponent(bridge.name)}`,
      token: operator.token,
    });
    expect(report.status).toBe(200);
    expect(report.body.num_anomalies).toBe(0);
    const active = await t.request<Schemas['Alert'][]>({
      method: 'GET',
      url: `/api/v1/alerts?bridge=${bridge.id}`,
      token: operator.token,
    });
    expect(active.body.map((a) => a.type)).not.toContain('Structural Warning');
  });
});
