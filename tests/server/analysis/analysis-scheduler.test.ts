import { describe, expect, it } from 'vitest';
import type { AnalysisJobs } from '../../../server/analysis/job-types.ts';
import { createAnalysisScheduler } from '../../../server/analysis/analysis-scheduler.ts';
import { createInProcessJobs } from '../../../server/analysis/in-process-jobs.ts';
import { createPgBossJobs } from '../../../server/analysis/pg-boss-jobs.ts';
import { BASE_MS, sineBlocks, streamOnBridge } from '../../helpers/readings-fixtures.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

// Issue 14: each bridge is analysed once per run of the schedules. A bridge whose job waits or
// runs still looks behind (its evaluation is not stored yet); queueing it again would analyse
// the same data twice.
describe.each(drivers)('the analysis scheduler (%s)', (kind) => {
  const t = setupTestApp(kind);

  it('leaves a bridge alone while its job waits or runs, and queues it once the job ended', async () => {
    const { bridge } = await streamOnBridge(t, 'sched-acc');
    await t.services.ingest.ingest(sineBlocks('sched-acc', BASE_MS, 1), { anyBridge: true });
    const jobs: AnalysisJobs =
      kind === 'postgres'
        ? createPgBossJobs(t.services.database, t.services.analysis, {
            pollingIntervalSeconds: 0.5,
            log: () => {},
          })
        : createInProcessJobs(t.services.analysis);
    const scheduler = createAnalysisScheduler(t.services.analysis, jobs, {
      intervalSeconds: 3600,
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const runs: number[] = [];
    try {
      expect(await scheduler.tick()).toEqual([bridge.id]);
      expect(await scheduler.tick()).toEqual([]); // waiting
      // The runner stores no evaluation, so the bridge stays behind when its job ends.
      await jobs.start(async ({ bridgeId }) => {
        runs.push(bridgeId);
        await held;
      });
      await expect.poll(() => runs, { timeout: 20_000, interval: 100 }).toEqual([bridge.id]);
      expect(await scheduler.tick()).toEqual([]); // running
      release();
      await expect
        .poll(() => scheduler.tick(), { timeout: 20_000, interval: 200 })
        .toEqual([bridge.id]);
    } finally {
      release();
      await jobs.stop();
    }
  }, 60_000);
});
