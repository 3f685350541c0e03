import type { AnalyseOptions, EvaluationResult } from './evaluation-result.ts';
import { evaluateBridge } from './analyse-bridge.ts';
import type { AnalysisJob } from './job-types.ts';
import type { AnalysisStores } from './analysis-stores.ts';
import { countBridgeStrain } from '../fatigue/strain-counting.ts';
import { recountBridgeStrain } from '../fatigue/day-recount.ts';
import type { FatigueCountResult } from './evaluation-result.ts';

/**
 * A bridge's job on the analysis thread: the detector's evaluation, then the strain streams'
 * rainflow counting brought up to yesterday (issue 19). The evaluation goes first so a sensor
 * fault its checks find in yesterday's data (spikes, a step) is stored with its onset before
 * yesterday is counted, and the count leaves it out (decision 045, 2026-12-02 (c)). A failed
 * evaluation still lets the bridge be counted, its error thrown after; a counting fault is
 * reported, not thrown, so it never blocks the detector's result. Days counted before a fault
 * the checks store with an earlier onset, or before a maintenance or calibration record entered
 * since, are recounted before the new days are counted.
 */
export async function runBridgeJob(
  stores: AnalysisStores,
  job: AnalysisJob,
  options: Omit<AnalyseOptions, 'retrain'>,
): Promise<EvaluationResult> {
  const evaluated = await evaluateBridge(stores, job.bridgeId, {
    ...options,
    retrain: job.retrain,
  }).then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  const db = stores.database.db;
  // Days already counted that a fault or record stored since makes wrong are recounted first (a
  // bounded number per run, decision 045, 2026-12-02 (d) and (e)), then the new days are counted.
  const fatigue: FatigueCountResult = await recountBridgeStrain(db, job.bridgeId)
    .then(async (recounted) => ({
      streams: await countBridgeStrain(db, job.bridgeId),
      ...(recounted.length > 0 ? { recounted } : {}),
    }))
    .catch((error: unknown) => ({
      error: error instanceof Error ? error.message : String(error),
    }));
  if ('error' in evaluated) throw evaluated.error;
  return { ...evaluated.result, fatigue };
}
