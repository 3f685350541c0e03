import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { AnalysisOutcome } from '../../../server/alerts/analysis-outcome.ts';
import type { AnalysisJob, AnalysisJobs } from '../../../server/analysis/job-types.ts';
import { createAnalysisPool } from '../../../server/analysis/analysis-pool.ts';
import { startAnalysisWorkers } from '../../../server/analysis/analysis-workers.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { sharedFixture } from '../../helpers/data-snapshot.ts';
import { DAY_MS, START_MS, simulatedBridge, testScenario } from './analysis-fixtures.ts';

const silentLogger = pino({ level: 'silent' });

interface Status {
  state: string;
  progress: number;
  message: string;
  trained_at: string | null;
  evaluated_at: string | null;
}

const ai = (path: string, sid: string) => `/api/v1/ai/${path}?sid=${encodeURIComponent(sid)}`;

// The server's analyses run on the analysis thread (issue 14): reads, training and scoring there,
// through the thread's own link to the database, with the job's progress visible to the API.
describe.each(drivers)('analysis on the analysis thread (%s)', (kind) => {
  const t = setupTestApp(kind);

  // Both tests analyse the same damaged week from an untrained start: it is stored once.
  const damagedBridge = sharedFixture(
    () => t.services.database,
    'damaged',
    async () => {
      const scenario = testScenario('thr', [
        { span: 'span-1', modes: [0], dropPercent: 5, from: START_MS + 7 * DAY_MS },
      ]);
      const name = 'Threaded Bridge';
      return (await simulatedBridge(t.services, { name, scenario, days: 8 })).bridge;
    },
  );

  it('evaluates a bridge there while GET /ai/status shows training, then scoring', async () => {
    const bridge = await damagedBridge();
    const staff = await t.createUser({ staff: true });
    const pool = createAnalysisPool(t.services.database, { epochs: 10 });
    const seen: Status[] = [];
    let done = false;
    try {
      const running = pool.run({ bridgeId: bridge.id, retrain: true }).finally(() => {
        done = true;
      });
      while (!done) {
        const { body } = await t.request<Status>({
          method: 'GET',
          url: ai('status', bridge.name),
          token: staff.token,
        });
        if (seen.at(-1)?.message !== body.message) seen.push(body);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const result = await running;
      expect(result).toMatchObject({ kind: 'evaluated', outcome: { bridgeId: bridge.id } });
      const outcome = (result as { outcome: AnalysisOutcome }).outcome;
      expect(outcome.evaluatedAt).toBeInstanceOf(Date);

      const states = seen.map((s) => s.state);
      expect(states).toContain('training');
      expect(states.indexOf('scoring', states.lastIndexOf('training'))).toBeGreaterThan(0);
      const training = seen.filter((s) => s.state === 'training').map((s) => s.progress);
      expect(training.some((p) => p > 0 && p < 1)).toBe(true);
      expect(training).toEqual([...training].sort((a, b) => a - b));

      const report = await t.request<{ num_anomalies: number }>({
        method: 'GET',
        url: ai('anomalies', bridge.name),
        token: staff.token,
      });
      expect(report).toMatchObject({ status: 200, body: { num_anomalies: outcome.numAnomalies } });
      const status = await t.request<Status>({
        method: 'GET',
        url: ai('status', bridge.name),
        token: staff.token,
      });
      expect(status.body).toMatchObject({ state: 'idle', trained_at: expect.any(String) });
    } finally {
      await pool.close();
    }
  }, 300_000);

  it('answers an unknown bridge without a thread error', async () => {
    const pool = createAnalysisPool(t.services.database);
    try {
      expect(await pool.run({ bridgeId: 999_999, retrain: false })).toMatchObject({
        kind: 'unknown-bridge',
      });
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("runs the queue's jobs on the thread and hands the outcome to this process's alerts", async () => {
    const bridge = await damagedBridge();
    const outcomes: AnalysisOutcome[] = [];
    let run: ((job: AnalysisJob) => Promise<unknown>) | null = null;
    const jobs: AnalysisJobs = {
      enqueue: async () => undefined,
      pendingBridges: async () => new Set<number>(),
      start: async (runner) => void (run = runner),
      stop: async () => undefined,
    };
    const workers = await startAnalysisWorkers(
      {
        database: t.services.database,
        alerts: {
          analysisCompleted: async (outcome) => void outcomes.push(outcome),
          sensorsChecked: async () => undefined,
          reviewFatigue: async () => [],
        },
        jobs,
        analysis: t.services.analysis,
      },
      { analysisWorkers: true, analysisIntervalSeconds: 3600 },
      silentLogger,
      { training: { epochs: 10 } },
    );
    try {
      expect(run).not.toBeNull();
      await (run as unknown as (job: AnalysisJob) => Promise<unknown>)({
        bridgeId: bridge.id,
        retrain: false,
      });
      expect(outcomes).toEqual([expect.objectContaining({ bridgeId: bridge.id })]);
    } finally {
      await workers.stop();
    }
  }, 120_000);
});
