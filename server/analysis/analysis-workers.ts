import type { AppConfig } from '../config.ts';
import type { AnalyseOptions, AnalysisDeps } from './analyse-bridge.ts';
import type { AnalysisJobs } from './analysis-jobs.ts';
import { createAnalysisPool } from './analysis-pool.ts';
import { createAnalysisRepository } from './analysis-repository.ts';
import { createAnalysisScheduler } from './analysis-scheduler.ts';

/**
 * Makes this process an analysis worker with the scheduler (unless ANALYSIS_WORKERS=off, for a
 * process that only serves the API and queues). The job queue (pg-boss or in-process) hands each
 * job to the analysis thread, so this thread keeps serving while a model trains; the alerts are
 * told here, by the one alert service of the process. Returns what shuts them down.
 */
export async function startAnalysisWorkers(
  deps: AnalysisDeps & { jobs: AnalysisJobs },
  config: Pick<AppConfig, 'analysisIntervalSeconds' | 'analysisWorkers'>,
  log: (message: string) => void,
  training: Omit<AnalyseOptions, 'retrain'> = {},
): Promise<{ stop(): Promise<void> }> {
  if (!config.analysisWorkers) return { stop: async () => undefined };
  const pool = createAnalysisPool(deps.database, training);
  const repository = createAnalysisRepository(deps.database.db);
  await deps.jobs.start(async ({ bridgeId, retrain }) => {
    try {
      const result = await pool.run({ bridgeId, retrain });
      if (result.kind === 'evaluated') await deps.alerts.analysisCompleted(result.outcome);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`Analysis of bridge ${bridgeId} failed: ${message}`);
      // The thread records its own failures; one that died mid-job could not.
      const state = (await repository.findResult(bridgeId))?.state;
      if (state === 'training' || state === 'scoring') {
        await repository.setProgress(bridgeId, {
          state: 'failed',
          progress: 0,
          message: 'The analysis failed',
          lastError: message,
        });
      }
      throw error;
    }
  });
  const scheduler = createAnalysisScheduler(deps.database, deps.jobs, {
    intervalSeconds: config.analysisIntervalSeconds,
    onError: (error) =>
      log(`Analysis scheduler: ${error instanceof Error ? error.message : error}`),
  });
  await scheduler.start();
  return {
    async stop() {
      scheduler.stop();
      await deps.jobs.stop();
      await pool.close();
    },
  };
}
