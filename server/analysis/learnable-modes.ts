import type { DatasetPlan } from './dataset-plan.ts';
import { type DatasetWindow, planFeatureNames } from './window-dataset.ts';

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
  const names = planFeatureNames(plan);
  const column = new Map(names.map((name, i) => [name, i]));
  const found = (w: DatasetWindow, name: string) =>
    Number.isFinite(w.features[column.get(name) ?? -1] ?? Number.NaN);
  // Out of the windows where the stream showed any mode: a stream blanked before a sensor's
  // re-zero, or silent for a while, says nothing about which of its modes are learnable.
  const coverage = new Map<string, number>();
  for (const m of plan.modal) {
    const modes = m.initialHz.map((_, k) => `${m.stream}.f${k + 1}`);
    const heard = windows.filter((w) => modes.some((name) => found(w, name)));
    for (const name of modes) {
      coverage.set(
        name,
        heard.length === 0 ? 1 : heard.filter((w) => found(w, name)).length / heard.length,
      );
    }
  }
  const modal = plan.modal.map((m) => ({
    ...m,
    initialHz: m.initialHz.filter(
      (_, k) => (coverage.get(`${m.stream}.f${k + 1}`) ?? 1) >= MIN_MODE_COVERAGE,
    ),
  }));
  const before = plan.modal.reduce((n, m) => n + m.initialHz.length, 0);
  const after = modal.reduce((n, m) => n + m.initialHz.length, 0);
  if (after === before || after === 0) return null;
  return { ...plan, modal: modal.filter((m) => m.initialHz.length > 0) };
}
