import { WINDOW_SECONDS } from './dataset-plan.ts';

const WINDOWS_PER_MONTH = (30.44 * 86_400) / WINDOW_SECONDS;

/**
 * Healthy windows above the threshold per alarm episode, from the episode rules
 * (episodes.ts, score-smoothing.ts). The alarm score is a trailing mean of `smoothRows` window
 * errors, so one outlying window keeps it up for `smoothRows` windows in a row, and crossings
 * closer than the rules' quiet rows join that episode. An episode that must be confirmed holds
 * at least `confirmRows` windows above the threshold, so with confirmation the figure is the
 * most the calibrated tail can raise: the end-to-end bench measured one false episode in 2.3
 * bridge-years at 0.1 % (analysis-rules.ts), where this states about one a bridge-year.
 */
export const windowsPerEpisode = (smoothRows: number, confirmRows = 1): number =>
  Math.max(1, smoothRows, confirmRows);

/**
 * Expected false alarm episodes a month for one bridge: α × judged windows a month / windows per
 * episode. `judgedShare` is the share of the evaluated period's windows that were judged (scored,
 * inside the learned conditions, calibrated): windows not judged cannot raise an alarm.
 */
export function expectedFalseEpisodesPerMonth(input: {
  alpha: number;
  judgedShare: number;
  smoothRows: number;
  /** Windows above the threshold an episode needs before it is raised (episodes.ts). */
  confirmRows?: number;
}): number {
  const share = Math.min(1, Math.max(0, input.judgedShare));
  const perEpisode = windowsPerEpisode(input.smoothRows, input.confirmRows);
  return (input.alpha * share * WINDOWS_PER_MONTH) / perEpisode;
}

/** Share of a report's windows that were judged: scored, inside the learned conditions, calibrated. */
export function judgedShareOf(report: {
  windows: readonly { error: number | null; outside_learned_conditions?: boolean }[];
  out_of_calibration_windows?: number;
}): number {
  if (report.windows.length === 0) return 0;
  const scored = report.windows.filter(
    (w) => w.error !== null && w.outside_learned_conditions !== true,
  ).length;
  return Math.max(0, scored - (report.out_of_calibration_windows ?? 0)) / report.windows.length;
}
