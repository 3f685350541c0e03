import type { DetectorModel } from '../analytics/detector-types.ts';
import type { ContextLayout } from './context.ts';
import type { CompensationModel } from '../analytics/health-indicator.ts';
import type { TwinRatio } from '../analytics/sensor-validation/twin-gain.ts';
import type { DatasetPlan } from './dataset-plan.ts';

/** The main health indicator's setup: which feature, its compensation and its alarm level. */
export interface IndicatorModel {
  /** e.g. 'bridge-s1-acc.f1': the first natural frequency seen by that accelerometer. */
  feature: string;
  /** null without a temperature stream (the raw frequency is then plotted). */
  compensation: CompensationModel | null;
  alarmLow: number | null;
}

/**
 * Everything a worker needs to score a bridge without retraining, stored as JSON in
 * analysis_models.model: the data layout, the detector and the indicator.
 */
export interface StoredModel {
  version: 1;
  plan: DatasetPlan;
  featureNames: string[];
  detector: DetectorModel;
  /** Temperature used before the first reading of a run (the baseline mean). */
  contextFill: number | null;
  /** How temperature enters the detector (context.ts); absent = 'temperature' (before issue 15). */
  contextLayout?: ContextLayout;
  indicator: IndicatorModel | null;
  /** Share of tracked modes not found over the baseline (absent: trained before issue 15's alert). */
  missingModeRate?: number;
  /**
   * Co-located twins' amplitude ratios over the reference's last week, which the gain check
   * compares against (decision 048, 2026-11-30; absent: trained before it, gain not judged).
   */
  twinRatios?: TwinRatio[];
}

export function isStoredModel(value: unknown): value is StoredModel {
  return typeof value === 'object' && value !== null && (value as StoredModel).version === 1;
}
