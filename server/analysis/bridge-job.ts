import type { AnalyseOptions, EvaluationResult } from './analyse-bridge.ts';
import { evaluateBridge } from './analyse-bridge.ts';
import type { AnalysisJob } from './analysis-jobs.ts';
import type { AnalysisStores } from './analysis-stores.ts';
import { countBridgeStrain, type StrainStreamCount } from '../fatigue/strain-counting.ts';

/** What the job's fatigue step did: per strain stream, or why it failed. */
export type FatigueCountResult = { streams: StrainStreamCount[] } | { error: string };

/**
 * A bridge's job on the analysis thread: the strain streams' rainflow counting brought up to
 * yesterday (issue 19), then the detector's evaluation. The counting goes first and its failure
 * is reported, not thrown, so a bridge the detector cannot evaluate yet is still counted and a
 * counting fault never blocks the detector.
 */
export async function runBridgeJob(
  stores: AnalysisStores,
  job: AnalysisJob,
  options: Omit<AnalyseOptions, 'retrain'>,
): Promise<EvaluationResult> {
  const fatigue: FatigueCountResult = await countBridgeStrain(
    stores.database.db,
    job.bridgeId,
  ).then(
    (streams) => ({ streams }),
    (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
  );
  const result = await evaluateBridge(stores, job.bridgeId, { ...options, retrain: job.retrain });
  return { ...result, fatigue };
}
