import type { AppConfig } from '../config.ts';
import { analyseBridge, type AnalysisDeps } from './analyse-bridge.ts';
import type { AnalysisJobs } from './analysis-jobs.ts';
import { createAnalysisScheduler } from './analysis-scheduler.ts';

/**
 * Makes this process an analysis worker with the scheduler (unless ANALYSIS_WORKERS=off, for a
 * process that only serves the API and queues). Returns what shuts them down.
 */
export async function startAnalysisWorkers(
  deps: AnalysisDeps & { jobs: AnalysisJobs },
  config: Pick<AppConfig, 'analysisIntervalSeconds' | 'analysisWorkers'>,
  log: (message: string) => void,
): Promise<{ stop(): Promise<void> }> {
  if (!config.analysisWorkers) return { stop: async () => undefined };
  await deps.jobs.start(async ({ bridgeId, retrain }) => {
    try {
      await analyseBridge(deps, bridgeId, { retrain });
    } catch (error) {
      log(
        `Analysis of bridge ${bridgeId} failed: ${error instanceof Error ? error.message : error}`,
      );
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
    },
  };
}
