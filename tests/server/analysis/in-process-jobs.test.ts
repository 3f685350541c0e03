import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisJob } from '../../../server/analysis/job-types.ts';
import { createAnalysisRepository } from '../../../server/analysis/analysis-repository.ts';
import { createInProcessJobs } from '../../../server/analysis/in-process-jobs.ts';
import { createBridgesRepository } from '../../../server/repositories/bridges-repository.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the in-process analysis queue (embedded database)', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('runs one job at a time, each waiting bridge once, keeping a retrain request', async () => {
    const bridges = createBridgesRepository(testDb.database.db);
    const [a, b] = [
      (await bridges.create({ name: 'A', location: 'River' })).id,
      (await bridges.create({ name: 'B', location: 'River' })).id,
    ];
    const repository = createAnalysisRepository(testDb.database.db);
    const jobs = createInProcessJobs(repository);
    await jobs.enqueue(a, { retrain: true });
    await jobs.enqueue(b);
    await jobs.enqueue(a);
    expect((await repository.findResult(a))?.state).toBe('queued');

    const runs: AnalysisJob[] = [];
    let active = 0;
    let most = 0;
    await jobs.start(async (job) => {
      active += 1;
      most = Math.max(most, active);
      runs.push(job);
      await sleep(50);
      active -= 1;
    });
    await expect.poll(() => runs.length).toBe(2);
    await jobs.stop();
    expect(runs).toEqual([
      { bridgeId: a, retrain: true },
      { bridgeId: b, retrain: false },
    ]);
    expect(most).toBe(1);
  });
});
