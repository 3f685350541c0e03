import type { DatasetPlan } from './dataset-plan.ts';
import { type DatasetWindow, modeNames, planFeatureNames } from './window-dataset.ts';

/**
 * A mode must be found in at least this share of the baseline's windows to be learnt. A peak
 * the first day showed but the trackers rarely find again (a weak or spurious mode) leaves its
 * column almost empty, and the detector cannot learn from a column that is nearly all gaps.
 */
export const MIN_MODE_COVERAGE = 0.5;

/**
 * The plan without the modes the baseline rarely found, or null when every mode is learnable.
 * At least one mode stays: a bridge whose every mode is rare is left to fail as not ready.
 */
export function withoutRareModes(
  plan: DatasetPlan,
  windows: readonly DatasetWindow[],
): DatasetPlan | null {
  const column = new Map(planFeatureNames(plan).map((name, i) => [name, i]));
  const found = (w: DatasetWindow, name: string) =>
    Number.isFinite(w.features[column.get(name) ?? -1] ?? Number.NaN);
  const modal = plan.modal.map((m) => {
    const modes = modeNames(plan, m.stream);
    // Out of the windows where the stream showed any mode: a stream blanked before a sensor's
    // re-zero, or silent for a while, says nothing about which of its modes are learnable.
    const heard = windows.filter((w) => modes.some((name) => found(w, name)));
    const learnable = (name: string) =>
      heard.length === 0 ||
      heard.filter((w) => found(w, name)).length >= MIN_MODE_COVERAGE * heard.length;
    return { ...m, initialHz: m.initialHz.filter((_, k) => learnable(modes[k] ?? '')) };
  });
  const count = (setups: typeof plan.modal) => setups.reduce((n, m) => n + m.initialHz.length, 0);
  const kept = count(modal);
  if (kept === count(plan.modal) || kept === 0) return null;
  return { ...plan, modal: modal.filter((m) => m.initialHz.length > 0) };
}
