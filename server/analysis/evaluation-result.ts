import type { AnalysisOutcome, SensorChecks } from '../alerts/analysis-outcome.ts';
import type { StrainStreamCount } from '../fatigue/strain-counting.ts';
import type { TrainingOptions } from './train-model.ts';

export interface AnalyseOptions extends Omit<TrainingOptions, 'onProgress' | 'blankBefore'> {
  /** Train again even when a model is stored. */
  retrain?: boolean;
}

export type AnalysisOutcomeKind = 'evaluated' | 'not-ready' | 'unknown-bridge';

/**
 * What an evaluation leaves for the alerts (plain data: it crosses from a worker thread). A
 * bridge not ready still has its sensor checks, which need no baseline (absent: no data).
 */
export type EvaluationResult = (
  | { kind: 'evaluated'; outcome: AnalysisOutcome }
  | { kind: 'not-ready'; checks?: SensorChecks }
  | { kind: 'unknown-bridge' }
) & { fatigue?: FatigueCountResult };

/** What the job's fatigue step did: per strain stream, or why it failed. */
export type FatigueCountResult =
  | {
      streams: StrainStreamCount[];
      /** Days counted before and recounted for a fault or record stored since (045 (d), (e)). */
      recounted?: { datastreamId: number; daysRecounted: number }[];
    }
  | { error: string };
