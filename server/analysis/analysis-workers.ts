import type { AppConfig } from '../config.ts';
import type { Logger } from '../ops/logger.ts';
import { measureJob } from '../ops/metrics.ts';
import { analyseBridge, type AnalysisDeps } from './analyse-bridge.ts';
import type { AnalysisJobs } from './analysis-jobs.ts';
import { createAnalysisScheduler } from './analysis-scheduler.ts';

/**
 * Makes this process an analysis worker with the scheduler (unless ANALYSIS_WORKERS=off, for a
 * process that only serves the API and queues). Returns what shuts them down. `leads` keeps the
 * scheduler to the one process that leads the schedules.
 */
export async function startAnalysisWorkers(
  deps: AnalysisDeps & { jobs: AnalysisJobs },
  config: Pick<AppConfig, 'analysisIntervalSeconds' | 'analysisWorkers'>,
  log: Logger,
  options: { leads?: () => boolean } = {},
): Promise<{ stop(): Promise<void> }> {
  if (!config.analysisWorkers) return { stop: async () => undefined };
  await deps.jobs.start(async ({ bridgeId, retrain }) => {
    const jobLog = log.child({ bridgeId, retrain });
    jobLog.info('Analysis started');
    try {
      await measureJob('bridge-analysis', () => analyseBridge(deps, bridgeId, { retrain }));
      jobLog.info('Analysis completed');
    } catch (error) {
      jobLog.error({ err: error }, 'Analysis failed');
      throw error;
    }
  });
  const scheduler = createAnalysisScheduler(deps.database, deps.jobs, {
    intervalSeconds: config.analysisIntervalSeconds,
    onError: (error) => log.error({ err: error }, 'Analysis scheduler failed'),
    ...options,
  });
  await scheduler.start();
  return {
    async stop() {
      scheduler.stop();
      await deps.jobs.stop();
    },
  };
}
