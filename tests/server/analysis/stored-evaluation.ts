import { analysisModels, analysisResults } from '../../../server/db/schema.ts';
import type { Services } from '../../../server/services.ts';

const DAY_MS = 86_400_000;
const END_MS = Date.UTC(2026, 3, 8);

/**
 * A stored evaluation for a bridge, as a finished analysis leaves it (small but complete), for
 * tests that need the /ai answers without running the analysis. Safe to call repeatedly.
 */
export async function storeEvaluation(services: Services, bridge: { id: number; name: string }) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const start = END_MS - 3 * 600_000;
  const report = {
    sid: bridge.name,
    bridge: bridge.id,
    method: 'autoencoder',
    num_anomalies: 1,
    anomaly_count: 1,
    anomaly_indices: [2],
    reconstruction_errors: [0.8, null, 9.5],
    threshold: 4,
    period_start: iso(start),
    period_end: iso(END_MS),
    evaluated_at: iso(END_MS),
    trained_at: iso(END_MS),
    windows: [0, 1, 2].map((i) => ({
      start: iso(start + i * 600_000),
      end: iso(start + (i + 1) * 600_000),
      error: [0.8, null, 9.5][i] ?? null,
      anomalous: i === 2,
      outside_baseline: false,
    })),
    events: [
      {
        start: iso(start + 1_200_000),
        end: iso(END_MS),
        windows: 1,
        peak_error: 9.5,
        top_contributors: [{ feature: 'acc.f1', datastream: 'acc', share: 1 }],
      },
    ],
    top_contributors: [{ feature: 'acc.f1', datastream: 'acc', share: 1 }],
    skipped_windows: { too_few_samples: 1 },
  };
  const forecast = {
    sid: bridge.name,
    bridge: bridge.id,
    indicator: 'Temperature-compensated first natural frequency (acc)',
    unit: 'Hz',
    history: [0, 1, 2, 3, 4].map((d) => ({
      t: iso(END_MS - (5 - d) * DAY_MS),
      value: 2.9 - (d === 4 ? 0.1 : 0.001 * d),
      anomalous: d === 4,
    })),
    forecast: Array.from({ length: 30 }, (_, h) => ({
      t: iso(END_MS + h * DAY_MS),
      mean: 2.8,
      lower80: 2.78 - 0.001 * h,
      upper80: 2.82 + 0.001 * h,
      lower95: 2.77 - 0.002 * h,
      upper95: 2.83 + 0.002 * h,
    })),
    alarm_low: 2.88,
    generated_at: iso(END_MS),
  };
  const result = {
    bridgeId: bridge.id,
    state: 'idle',
    progress: 1,
    message: 'Evaluation up to date',
    numAnomalies: 1,
    report,
    forecast,
    dataUntil: new Date(END_MS),
    evaluatedAt: new Date(END_MS),
  };
  const model = {
    bridgeId: bridge.id,
    method: 'autoencoder',
    featureNames: ['acc.f1'],
    model: {},
    threshold: 4,
    baselineStart: new Date(END_MS - 21 * DAY_MS),
    baselineEnd: new Date(END_MS - 14 * DAY_MS),
    trainingSeconds: 1,
  };
  const { db } = services.database;
  await db.insert(analysisModels).values(model).onConflictDoNothing();
  await db
    .insert(analysisResults)
    .values(result)
    .onConflictDoUpdate({ target: analysisResults.bridgeId, set: result });
}
