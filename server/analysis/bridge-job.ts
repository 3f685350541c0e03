import type { AnalyseOptions, EvaluationResult } from './evaluation-result.ts';
import { evaluateBridge } from './analyse-bridge.ts';
import type { AnalysisJob } from './job-types.ts';
import type { AnalysisStores } from './analysis-stores.ts';
import { countBridgeStrain } from '../fatigue/strain-counting.ts';
import type { FatigueCountResult } from './evaluation-result.ts';

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
