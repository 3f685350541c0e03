import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { AnalysisJobs } from '../../../server/analysis/job-types.ts';
import {
  createAnalysisRepository,
  HANDED_BACK_MESSAGE,
} from '../../../server/analysis/analysis-repository.ts';
import { startAnalysisWorkers } from '../../../server/analysis/analysis-workers.ts';
import { createInProcessJobs } from '../../../server/analysis/in-process-jobs.ts';
import { ANALYSIS_QUEUE, createPgBossJobs } from '../../../server/analysis/pg-boss-jobs.ts';
import type { Database } from '../../../server/db/client.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { simulatedBridge, testScenario } from './analysis-fixtures.ts';

const STOP_GRACE_MS = 1000;
const silentLogger = pino({ level: 'silent' });
const quietAlerts = {
  analysisCompleted: async () => undefined,
  sensorsChecked: async () => undefined,
  reviewFatigue: async () => [],
};

// Issue 14: a worker told to stop lets its running job finish within a grace, or hands it back
// to the queue, which offers it again: to another worker on PostgreSQL, at the next start on
// the embedded database (whose queue lives in the process).
describe.each(drivers)('a stopping analysis worker (%s)', (kind) => {
  const t = setupTestApp(kind);

  const newJobs = (database: Database): AnalysisJobs =>
    kind === 'postgres'
      ? createPgBossJobs(database, t.services.analysis, {
          pollingIntervalSeconds: 0.5,
          log: () => undefined,
        })
      : createInProcessJobs(t.services.analysis);

  const startWorker = (jobs: AnalysisJobs, epochs: number, stopGraceMs = 0) =>
    startAnalysisWorkers(
      { ...t.services, alerts: quietAlerts, jobs },
      { analysisWorkers: true, analysisIntervalSeconds: 3600 },
      silentLogger,
      // No scheduler ticks: the job the test queues is the only way in.
      { leads: () => false, training: { epochs }, stopGraceMs },
    );

  it('hands a job still training back, and the next worker completes it', async () => {
    const scenario = testScenario('stp');
    const { bridge } = await simulatedBridge(t.services, {
      name: 'Stopping Bridge',
      scenario,
      days: 8,
    });
    const repository = createAnalysisRepository(t.services.database.db);

    const first = newJobs(t.services.database);
    // A grace the job cannot finish in (5,000 epochs of eight days): it runs on until the grace
    // ends, then goes back. The scale-out test's processes hand back at once (grace 0).
    const stopping = await startWorker(first, 5000, STOP_GRACE_MS);
    await first.enqueue(bridge.id, { retrain: true });
    await expect
      .poll(async () => (await repository.findResult(bridge.id))?.state, {
        timeout: 90_000,
        interval: 100,
      })
      .toBe('training');
    const stopAsked = Date.now();
    const stopped = stopping.stop();
    // Within the grace the job goes on training; it is handed back when the grace ends.
    await new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS / 2));
    expect((await repository.findResult(bridge.id))?.state).toBe('training');
    await stopped;
    // A timer may fire a millisecond early by the wall clock.
    expect(Date.now() - stopAsked).toBeGreaterThanOrEqual(STOP_GRACE_MS - 5);

    const handedBack = await repository.findResult(bridge.id);
    expect(handedBack).toMatchObject({ state: 'queued', message: HANDED_BACK_MESSAGE });
    expect(handedBack?.evaluatedAt ?? null).toBeNull();
    if (kind === 'postgres') {
      const jobs = rowsOf<{ state: string }>(
        await t.services.database.db.execute(
          sql`select state from pgboss.job where name = ${ANALYSIS_QUEUE}`,
        ),
      );
      expect(jobs.map((j) => j.state)).toEqual(['retry']);
    }

    const next = newJobs(t.services.database);
    const worker = await startWorker(next, 10);
    try {
      await expect
        .poll(async () => (await repository.findResult(bridge.id))?.state, {
          timeout: 120_000,
          interval: 200,
        })
        .toBe('idle');
      expect((await repository.findResult(bridge.id))?.evaluatedAt).toBeInstanceOf(Date);
    } finally {
      await worker.stop();
    }
  }, 240_000);
});
