import type { ModeLevel } from '../../domain/reference-shift.ts';
import type { TriggerLevels } from '../../domain/trigger-levels.ts';
import type { AnalysisOutcome } from '../alerts/analysis-outcome.ts';
import type { Db } from '../db/client.ts';
import { DAY_MS } from './analysis-rules.ts';
import type { BaselineVersionRow } from './baseline-versions.ts';
import { referenceShifts } from './reference-shift.ts';
import { createReferenceShiftStore, type ShiftLevelRow } from './reference-shift-store.ts';
import { feedLatch, type LatchState, RELEASED } from './shift-latch.ts';

interface StepInput {
  bridgeId: number;
  /** The accepted reference: the bridge's active baseline version. */
  reference: BaselineVersionRow;
  featureNames: readonly string[];
  windows: readonly { start: number; features: readonly number[]; temperatureC: number }[];
  levels: TriggerLevels;
  /** When the bridge's latest maintenance was recorded (wall clock, epoch ms), null: never. */
  maintenanceRecordedAt: number | null;
  evaluatedAt: Date;
}

/**
 * The latch a mode starts this evaluation from: released when another reference became active
 * since, or when an engineer recorded a maintenance after it was latched (decision 051).
 */
function startingState(row: ShiftLevelRow | undefined, input: StepInput): LatchState {
  const version = input.reference.version;
  if (!row || row.referenceVersion !== version) return { ...RELEASED, fedUntil: 0 };
  const state: LatchState = {
    level: row.level,
    crossedAt: row.crossedAt?.getTime() ?? null,
    estimatePercent: row.estimatePercent,
    estimateUncertaintyPercent: row.estimateUncertaintyPercent,
    fedUntil: row.fedUntil.getTime(),
  };
  const latchedAt = row.latchedAt?.getTime() ?? null;
  const released =
    state.level !== 'none' &&
    input.maintenanceRecordedAt !== null &&
    latchedAt !== null &&
    input.maintenanceRecordedAt > latchedAt;
  return released ? { ...state, ...RELEASED } : state;
}

/**
 * One evaluation's step of the reference shift (decision 051): every window's compensated shift
 * of every mode of the accepted reference stored, each mode's latch fed with the windows it has
 * not seen, and what the alerts need returned. Null when the reference states no modes (a
 * version kept from before decision 041): nothing to judge against, nothing raised or cleared.
 */
export async function updateReferenceShift(
  db: Db,
  input: StepInput,
): Promise<NonNullable<AnalysisOutcome['referenceShift']> | null> {
  const { reference } = input;
  if (reference.modes.length === 0) return null;
  const store = createReferenceShiftStore(db);
  const series = referenceShifts(reference.modes, input.featureNames, input.windows);
  await store.saveSeries(input.bridgeId, reference.version, series);
  const stored = new Map((await store.latches(input.bridgeId)).map((r) => [r.feature, r]));
  const latches: { feature: string; state: LatchState; latchedAt: Date | null }[] = [];
  for (const mode of reference.modes) {
    const row = stored.get(mode.feature);
    const from = startingState(row, input);
    const points = series.find((s) => s.feature === mode.feature)?.points ?? [];
    const first = points.find((p) => p.start > from.fedUntil);
    const earlier = first
      ? await store.points(input.bridgeId, mode.feature, reference.version, {
          from: first.start - DAY_MS,
          to: first.start,
        })
      : [];
    const u = (100 * mode.uncertainty_hz) / mode.mean_hz;
    const state = feedLatch(from, earlier, points, input.levels, u);
    const unchanged = row && state.level === from.level && from.level === row.level;
    const latchedAt =
      state.level === 'none'
        ? null
        : unchanged
          ? (row.latchedAt ?? input.evaluatedAt)
          : input.evaluatedAt;
    latches.push({ feature: mode.feature, state, latchedAt });
  }
  await store.saveLatches(input.bridgeId, reference.version, latches);
  return {
    version: reference.version,
    levels: input.levels,
    modes: latches.map(({ feature, state }): ModeLevel => ({
      feature,
      level: state.level,
      estimate_percent: state.estimatePercent,
      uncertainty_percent: state.estimateUncertaintyPercent,
      crossed_at: state.crossedAt === null ? null : new Date(state.crossedAt).toISOString(),
    })),
  };
}
