import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisJob } from '../../../server/analysis/analysis-jobs.ts';
import { createPgBossJobs } from '../../../server/analysis/pg-boss-jobs.ts';
import { createBridgesRepository } from '../../../server/repositories/bridges-repository.ts';
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
    const first = createPgBossJobs(testDb.database, { pollingIntervalSeconds: 0.5 });
    const second = createPgBossJobs(testDb.database, { pollingIntervalSeconds: 0.5 });
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
});
