import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisJob } from '../../../server/analysis/job-types.ts';
import { createAnalysisRepository } from '../../../server/analysis/analysis-repository.ts';
import { createPgBossJobs } from '../../../server/analysis/pg-boss-jobs.ts';
import { createBridgesRepository } from '../../../server/repositories/bridges-repository.ts';
import { analysisJobsOf } from '../../helpers/analysis-queue.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.DATABASE_URL)('pg-boss analysis jobs on PostgreSQL', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('two workers on one database analyse each bridge once, never one bridge twice at once', async () => {
    const bridges = createBridgesRepository(testDb.database.db);
    const ids: number[] = [];
    for (const name of ['North', 'South', 'East']) {
      ids.push((await bridges.create({ name, location: 'River' })).id);
    }
    const first = createPgBossJobs(testDb.database, createAnalysisRepository(testDb.database.db), {
      pollingIntervalSeconds: 0.5,
    });
    const second = createPgBossJobs(testDb.database, createAnalysisRepository(testDb.database.db), {
      pollingIntervalSeconds: 0.5,
    });
    // Both processes queue every bridge, twice: the queue keeps one job per bridge.
    for (const jobs of [first, second, first]) {
      for (const id of ids) await jobs.enqueue(id);
    }
    const runs: { worker: string; job: AnalysisJob }[] = [];
    const running = new Set<number>();
    let overlapped = false;
    const runner = (worker: string) => async (job: AnalysisJob) => {
      if (running.has(job.bridgeId)) overlapped = true;
      running.add(job.bridgeId);
      runs.push({ worker, job });
      await sleep(400);
      running.delete(job.bridgeId);
    };
    await Promise.all([first.start(runner('first')), second.start(runner('second'))]);
    try {
      await expect.poll(() => runs.length, { timeout: 20_000, interval: 100 }).toBe(ids.length);
      await sleep(1500); // nothing more arrives
      expect(runs.map((r) => r.job.bridgeId).sort()).toEqual([...ids].sort());
      expect(overlapped).toBe(false);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  }, 60_000);

  it('a job whose worker is killed mid-run is taken by another within seconds, long before its timeout', async () => {
    const bridges = createBridgesRepository(testDb.database.db);
    const bridge = await bridges.create({ name: 'Killed Worker', location: 'River' });
    const root = path.resolve(import.meta.dirname, '../../..');
    // Both keep the product's 30-minute job timeout: only the dead worker's session can free it.
    const doomed = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/helpers/hanging-analysis-worker.ts'],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: testDb.url ?? '' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise((resolve) => doomed.once('exit', resolve));
    let printed = '';
    doomed.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const survivor = createPgBossJobs(
      testDb.database,
      createAnalysisRepository(testDb.database.db),
      { pollingIntervalSeconds: 0.5, liveness: { sweepIntervalSeconds: 1, graceSeconds: 2 } },
    );
    try {
      // Queued before the survivor works, so the doomed process takes it.
      await survivor.enqueue(bridge.id);
      await expect
        .poll(() => printed, { timeout: 60_000, interval: 200 })
        .toContain(`holding bridge ${bridge.id}`);
      doomed.kill('SIGKILL');
      await exited;
      const killedAt = Date.now();
      const completed: number[] = [];
      await survivor.start(async (job) => void completed.push(job.bridgeId));
      await expect.poll(() => completed, { timeout: 30_000, interval: 200 }).toEqual([bridge.id]);
      expect(Date.now() - killedAt).toBeLessThan(30_000);
    } finally {
      doomed.kill('SIGKILL');
      await survivor.stop();
    }
  }, 120_000);

  it('a live worker keeps a job that runs past the grace: no other worker takes it', async () => {
    const bridges = createBridgesRepository(testDb.database.db);
    const bridge = await bridges.create({ name: 'Long Analysis', location: 'River' });
    const options = {
      pollingIntervalSeconds: 0.5,
      liveness: { sweepIntervalSeconds: 0.5, graceSeconds: 1 },
    };
    const first = createPgBossJobs(
      testDb.database,
      createAnalysisRepository(testDb.database.db),
      options,
    );
    const second = createPgBossJobs(
      testDb.database,
      createAnalysisRepository(testDb.database.db),
      options,
    );
    const runs: string[] = [];
    const runner = (worker: string) => async () => {
      runs.push(worker);
      await sleep(5000);
    };
    await first.start(runner('first'));
    try {
      await first.enqueue(bridge.id);
      await expect.poll(() => runs, { timeout: 20_000, interval: 100 }).toEqual(['first']);
      await second.start(runner('second'));
      // Several sweeps by both workers see the job active past its grace, its holder alive.
      await sleep(6000);
      expect(runs).toEqual(['first']);
      expect(await analysisJobsOf(testDb.database.db, bridge.id)).toEqual([
        { retrain: false, state: 'completed', retryCount: 0 },
      ]);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  }, 60_000);

  it('a job that fails is recorded once, not run again', async () => {
    const bridges = createBridgesRepository(testDb.database.db);
    const bridge = await bridges.create({ name: 'Failing Analysis', location: 'River' });
    const jobs = createPgBossJobs(testDb.database, createAnalysisRepository(testDb.database.db), {
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
      log: () => undefined,
    });
    let attempts = 0;
    await jobs.start(async () => {
      attempts += 1;
      throw new Error('unreadable data');
    });
    try {
      await jobs.enqueue(bridge.id);
      await expect.poll(() => attempts, { timeout: 20_000, interval: 100 }).toBe(1);
      await sleep(3000);
      expect(attempts).toBe(1);
    } finally {
      await jobs.stop();
    }
  }, 60_000);
});
