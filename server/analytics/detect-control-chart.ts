import {
  compensatedResiduals,
  scoreControlChart,
  trainControlChart,
} from './control-chart-detector.ts';
import { chartAlarms, DEFAULT_CHART_ALARMS, type AlarmDelayTimers } from './chart-alarm-timers.ts';
import { cumulativeShift, type CumulativeShift, type TriggerLevels } from './cumulative-shift.ts';

/** Five held-out blocks of at least eight rows each. */
export const MIN_CONTROL_CHART_ROWS = 40;

/**
 * The detect command's `--method control-chart` (issue 29): trained on the baseline rows, every
 * row scored in order (1 = the threshold), alarms where an episode is raised after the baseline:
 * at the 6th row above 1 in a row or at once above 2, one alarm per spell (chart-alarm-timers.ts).
 * The target false-alarm rate is in episodes per row: its inverse is the in-control average run
 * length the threshold is set for. Beside the scores, the cumulative compensated shift of each
 * mode against the baseline's model, with the trigger levels latched (cumulative-shift.ts).
 */
export function controlChartRows(
  data: { features: number[][]; context: number[][] },
  options: {
    baselineRows: number;
    targetFalseAlarmRate: number;
    seed?: number;
    triggerLevels?: TriggerLevels;
    /** Alarm delay timers; by default decision 081 (j)'s (`IMMEDIATE_ALARMS`: decision 028's). */
    alarmTimers?: AlarmDelayTimers;
  },
): {
  scores: (number | null)[];
  alarms: number[];
  unjudged: number[];
  calibrationRows: number;
  shift: CumulativeShift;
} {
  const n = options.baselineRows;
  if (n < MIN_CONTROL_CHART_ROWS) {
    throw new RangeError(
      `--method control-chart needs at least ${MIN_CONTROL_CHART_ROWS} baseline rows: its model form is chosen on held-out blocks of them`,
    );
  }
  const detector = trainControlChart(
    { features: data.features.slice(0, n), context: data.context.slice(0, n) },
    { targetArlRows: 1 / options.targetFalseAlarmRate, seed: options.seed },
  );
  const { scores, unjudged } = scoreControlChart(detector, data);
  return {
    scores,
    alarms: chartAlarms(scores, n, options.alarmTimers ?? DEFAULT_CHART_ALARMS).alarms,
    unjudged,
    calibrationRows: detector.choice.heldOutRows,
    shift: cumulativeShift(compensatedResiduals(detector, data), detector.reference, {
      levels: options.triggerLevels,
    }),
  };
}
