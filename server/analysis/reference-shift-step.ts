import type { ModeLevel } from '../../domain/reference-shift.ts';
import type { TriggerLevels } from '../../domain/trigger-levels.ts';
import type { AnalysisOutcome } from '../alerts/analysis-outcome.ts';
import type { Db } from '../db/client.ts';
import { DAY_MS, dayStart } from './analysis-rules.ts';
import type { BaselineVersionRow } from './baseline-versions.ts';
import { meanOfModes, meanReferenceUncertaintyPercent } from './mean-shift.ts';
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
 * The latch a line starts this evaluation from: released when another reference became active
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
 * of every mode of the accepted reference, and of the modes' mean, stored; each line's latch fed
 * with the windows it has not seen; and what the alerts need returned. Null when the reference
 * states no modes (a version kept from before decision 041): nothing to judge against, nothing
 * raised or cleared; and likewise when it was accepted away while this evaluation ran. Three
 * reads and three writes whatever the number of modes.
 */
export async function updateReferenceShift(
  db: Db,
  input: StepInput,
): Promise<NonNullable<AnalysisOutcome['referenceShift']> | null> {
  const { reference } = input;
  if (reference.modes.length === 0) return null;
  const store = createReferenceShiftStore(db);
  const perMode = referenceShifts(reference.modes, input.featureNames, input.windows);
  const mean = meanOfModes(perMode);
  const tracked = new Set(perMode.map((s) => s.feature));
  const lines = [
    ...reference.modes.map((m) => ({
      feature: m.feature,
      uRef: (100 * m.uncertainty_hz) / m.mean_hz,
    })),
    ...(mean
      ? [
          {
            feature: mean.feature,
            uRef: meanReferenceUncertaintyPercent(
              reference.modes.filter((m) => tracked.has(m.feature)),
            ),
          },
        ]
      : []),
  ];
  const series = mean ? [...perMode, mean] : perMode;
  const stored = new Map((await store.latches(input.bridgeId)).map((r) => [r.feature, r]));
  const starts = lines.map((line) => {
    const from = startingState(stored.get(line.feature), input);
    const points = series.find((s) => s.feature === line.feature)?.points ?? [];
    return { ...line, from, points, first: points.find((p) => p.start > from.fedUntil)?.start };
  });
  // Windows a line's latch has already been fed were stored by an earlier evaluation; their
  // day is rewritten (its scatter may have grown), older ones only where missing.
  const fed = Math.min(...starts.map((s) => s.from.fedUntil));
  await store.saveSeries(input.bridgeId, reference.version, series, fed > 0 ? dayStart(fed) : 0);
  const firsts = starts.flatMap((s) => (s.first === undefined ? [] : [s.first]));
  const earlier = await store.points(
    input.bridgeId,
    starts.filter((s) => s.first !== undefined).map((s) => s.feature),
    reference.version,
    { from: Math.min(...firsts) - DAY_MS, to: Math.max(...firsts) },
  );
  const latches = starts.map(({ feature, uRef, from, points, first }) => {
    const row = stored.get(feature);
    const before = (earlier.get(feature) ?? []).filter(
      (p) => first !== undefined && p.start >= first - DAY_MS && p.start < first,
    );
    const state = feedLatch(from, before, points, input.levels, uRef);
    const unchanged = row && state.level === from.level && from.level === row.level;
    const latchedAt =
      state.level === 'none'
        ? null
        : unchanged
          ? (row.latchedAt ?? input.evaluatedAt)
          : input.evaluatedAt;
    return { feature, state, latchedAt };
  });
  // An engineer accepted a new reference while this evaluation ran: it judged against the old one.
  if (!(await store.saveLatches(input.bridgeId, reference.version, latches))) return null;
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
