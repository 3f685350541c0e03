import type { AppConfig } from '../config.ts';
import { applyFatigueAlerts } from '../fatigue/fatigue-alerts.ts';
import type { Logger } from '../ops/logger.ts';
import { measureJob } from '../ops/metrics.ts';
import type { AnalyseOptions, AnalysisDeps } from './analyse-bridge.ts';
import type { AnalysisJobs } from './analysis-jobs.ts';
import { createAnalysisPool } from './analysis-pool.ts';
import { createAnalysisRepository } from './analysis-repository.ts';
import { createAnalysisScheduler } from './analysis-scheduler.ts';
import { tellAlerts } from './tell-alerts.ts';

export interface AnalysisWorkerOptions {
  /** Keeps the scheduler to the one process that leads the schedules. */
  leads?: () => boolean;
  /** Training settings handed to the analysis thread (tests shorten the epochs). */
  training?: Omit<AnalyseOptions, 'retrain'>;
}

/**
 * Makes this process an analysis worker with the scheduler (unless ANALYSIS_WORKERS=off, for a
 * process that only serves the API and queues). The job queue (pg-boss or in-process) hands each
 * job to the analysis thread, so this thread keeps serving while a model trains; the alerts are
 * told here, by the one alert service of the process. Returns what shuts them down.
 */
export async function startAnalysisWorkers(
  deps: AnalysisDeps & { jobs: AnalysisJobs },
  config: Pick<AppConfig, 'analysisIntervalSeconds' | 'analysisWorkers'>,
  log: Pick<Logger, 'child' | 'error'>,
  { leads, training = {} }: AnalysisWorkerOptions = {},
): Promise<{ stop(): Promise<void> }> {
  if (!config.analysisWorkers) return { stop: async () => undefined };
  const pool = createAnalysisPool(deps.database, training);
  const repository = createAnalysisRepository(deps.database.db);
  await deps.jobs.start(async ({ bridgeId, retrain }) => {
    const jobLog = log.child({ bridgeId, retrain });
    jobLog.info('Analysis started');
    try {
      const result = await measureJob('bridge-analysis', () => pool.run({ bridgeId, retrain }));
      await tellAlerts(deps.alerts, result);
      if (result.fatigue && 'error' in result.fatigue) {
        jobLog.error({ err: result.fatigue.error }, 'Fatigue counting failed');
      }
      await applyFatigueAlerts(deps.database.db, bridgeId, new Date()).catch((error: unknown) =>
        jobLog.error({ err: error }, 'Fatigue alerts failed'),
      );
      jobLog.info('Analysis completed');
    } catch (error) {
      jobLog.error({ err: error }, 'Analysis failed');
      // The thread records its own failures; one that died mid-job could not.
      const state = (await repository.findResult(bridgeId))?.state;
      if (state === 'training' || state === 'scoring') {
        const message = error instanceof Error ? error.message : String(error);
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
    onError: (error) => log.error({ err: error }, 'Analysis scheduler failed'),
    ...(leads ? { leads } : {}),
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
