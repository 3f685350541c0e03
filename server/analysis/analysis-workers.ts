import type { AppConfig } from '../config/config.ts';
import type { Logger } from '../ops/logger.ts';
import { measureJob } from '../ops/metrics.ts';
import type { AnalysisDeps } from './analyse-bridge.ts';
import type { AnalyseOptions } from './evaluation-result.ts';
import type { AnalysisJobs } from './job-types.ts';
import { JobHandedBack } from './job-handed-back.ts';
import { createAnalysisPool } from './analysis-pool.ts';
import type { AnalysisRepository } from './analysis-repository.ts';
import { createAnalysisScheduler } from './analysis-scheduler.ts';
import { tellAlerts } from './tell-alerts.ts';

/** What a worker takes from the process's services (server/services.ts). */
export interface AnalysisWorkerDeps extends Pick<AnalysisDeps, 'database' | 'alerts'> {
  jobs: AnalysisJobs;
  analysis: AnalysisRepository;
}

export interface AnalysisWorkerOptions {
  /** Keeps the scheduler to the one process that leads the schedules. */
  leads?: () => boolean;
  /** Training settings handed to the analysis thread (tests shorten the epochs). */
  training?: Omit<AnalyseOptions, 'retrain'>;
  /** How long a running job may go on finishing once the worker stops (then it is handed back). */
  stopGraceMs?: number;
}

/**
 * A third of the shutdown's time limit (10 s of the default 30): a shorter limit (an
 * orchestrator's grace period) shortens the job's grace too, instead of the shutdown running
 * out while the job still has time and the process exiting 1 with the job not handed back.
 */
export function stopGraceFor(shutdownTimeoutSeconds: number): number {
  return (shutdownTimeoutSeconds * 1000) / 3;
}

/** The grace under the shutdown's default limit of 30 s. */
const DEFAULT_STOP_GRACE_MS = stopGraceFor(30);

/**
 * Makes this process an analysis worker with the scheduler (unless ANALYSIS_WORKERS=off, for a
 * process that only serves the API and queues). The job queue (pg-boss or in-process) hands each
 * job to the analysis thread, so this thread keeps serving while a model trains; the alerts are
 * told here, by the one alert service of the process. Returns what shuts them down.
 */
export async function startAnalysisWorkers(
  deps: AnalysisWorkerDeps,
  config: Pick<AppConfig, 'analysisIntervalSeconds' | 'analysisWorkers'>,
  log: Pick<Logger, 'child' | 'error'>,
  { leads, training = {}, stopGraceMs = DEFAULT_STOP_GRACE_MS }: AnalysisWorkerOptions = {},
): Promise<{ stop(): Promise<void> }> {
  if (!config.analysisWorkers) return { stop: async () => undefined };
  const pool = createAnalysisPool(deps.database, training);
  const repository = deps.analysis;
  let handBack: () => void = () => undefined;
  const handingBack = new Promise<'hand back'>((resolve) => {
    handBack = () => resolve('hand back');
  });
  await deps.jobs.start(async ({ bridgeId, retrain }) => {
    const jobLog = log.child({ bridgeId, retrain });
    jobLog.info('Analysis started');
    try {
      const finished = measureJob('bridge-analysis', () => pool.run({ bridgeId, retrain }));
      const result = await Promise.race([finished, handingBack]);
      if (result === 'hand back') {
        // The thread stops mid-job first, so no late progress of it overwrites the queued state.
        await pool.close();
        await repository.markHandedBack(bridgeId);
        jobLog.info('Analysis handed back: the worker is stopping');
        throw new JobHandedBack(bridgeId);
      }
      await tellAlerts(deps.alerts, result);
      if (result.fatigue && 'error' in result.fatigue) {
        jobLog.error({ err: result.fatigue.error }, 'Fatigue counting failed');
      }
      await deps.alerts
        .reviewFatigue(bridgeId)
        .catch((error: unknown) => jobLog.error({ err: error }, 'Fatigue alerts failed'));
      jobLog.info('Analysis completed');
    } catch (error) {
      if (error instanceof JobHandedBack) throw error;
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
  const scheduler = createAnalysisScheduler(deps.analysis, deps.jobs, {
    intervalSeconds: config.analysisIntervalSeconds,
    onError: (error) => log.error({ err: error }, 'Analysis scheduler failed'),
    ...(leads ? { leads } : {}),
  });
  await scheduler.start();
  return {
    async stop() {
      scheduler.stop();
      const grace = setTimeout(handBack, stopGraceMs);
      await deps.jobs.stop();
      clearTimeout(grace);
      await pool.close();
    },
  };
}
