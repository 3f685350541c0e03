// When an evaluation judged too little of its period to stand on, the bridge's condition is held
// from the last evaluation that judged enough (decision 017, amendment 2026-12-02 (b)). With
// nothing judged there are no episodes, and spec §4's table would read 0 episodes as Good: an
// operator must never be told Good because nothing was looked at.

/**
 * Below this share of its windows judged (inside the conditions the reference learnt, scored,
 * in calibration) an evaluation does not set the condition. A quarter of a week is about 42 h:
 * enough for decision 008's episode rules to confirm a persistent change on several days. It is the
 * share decision 051 already asks of a day before its estimate counts, and it lies between what
 * the six-month demo's week judged in late April (910 of 1,008 windows) and late May (100).
 * Nothing was tuned to pass a test.
 */
export const MIN_JUDGED_SHARE = 0.25;

/**
 * A better condition (fewer episodes than the one held) needs this share judged (decision 017,
 * amendment 2026-12-02 (c)): decision 051's latch lowers a level only from 108 of a day's 144
 * windows for the same reason. The part of a week a reference can judge is not a random part:
 * in the six-month demo a late-May week judged its cool nights, when the breathing crack is
 * closed, found nothing there and read Good with the crack unchanged. What part of a week shows
 * wrong is wrong; a quiet part proves nothing of the rest until it is most of the week.
 */
export const MIN_JUDGED_SHARE_TO_IMPROVE = 0.75;

/** The condition an evaluation holds, and why (the report's `held_condition`). */
export interface HeldCondition {
  /** Episodes of the evaluation the condition is held from; null: none has judged enough yet. */
  num_anomalies: number | null;
  /** When that evaluation was made; null when none judged enough or its report lacks the time. */
  from: string | null;
  /** The share of this evaluation's windows that were judged (0-1). */
  judged_share: number;
}

/** What this decision reads of the bridge's previous stored report. */
export interface PreviousVerdict {
  num_anomalies?: unknown;
  evaluated_at?: unknown;
  held_condition?: unknown;
}

export function judgedEnough(judgedShare: number): boolean {
  return judgedShare >= MIN_JUDGED_SHARE;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isHeld(value: unknown): value is HeldCondition {
  if (typeof value !== 'object' || value === null) return false;
  const held = value as Record<string, unknown>;
  return (
    (held.num_anomalies === null || isCount(held.num_anomalies)) &&
    (held.from === null || typeof held.from === 'string') &&
    typeof held.judged_share === 'number'
  );
}

/**
 * The count the previous report's condition stood on, and since when: its own when it judged
 * enough, else what it held in turn (so a run of warm weeks keeps pointing at the last judged one).
 */
export function lastVerdict(previous: PreviousVerdict | null | undefined): {
  num_anomalies: number | null;
  from: string | null;
} {
  if (!previous) return { num_anomalies: null, from: null };
  if (isHeld(previous.held_condition)) {
    return {
      num_anomalies: previous.held_condition.num_anomalies,
      from: previous.held_condition.from,
    };
  }
  if (!isCount(previous.num_anomalies)) return { num_anomalies: null, from: null };
  const from = typeof previous.evaluated_at === 'string' ? previous.evaluated_at : null;
  return { num_anomalies: previous.num_anomalies, from };
}

/** Whether a judged share may set a condition better than the one before (see the constant). */
export function judgedEnoughToImprove(judgedShare: number): boolean {
  return judgedShare >= MIN_JUDGED_SHARE_TO_IMPROVE;
}

/**
 * The held condition of an evaluation that found `numAnomalies` episodes in the `judgedShare` of
 * its windows it judged; null when it sets the condition itself. It does when it found at least as
 * many episodes as the held count, from any share (as decision 051's latch raises from part of a
 * day); a first verdict, from a quarter judged; a better one, only from three quarters judged (as
 * the latch lowers only from most of a day: a quiet part proves nothing of the unjudged rest).
 */
export function heldCondition(
  previous: PreviousVerdict | null | undefined,
  numAnomalies: number,
  judgedShare: number,
): HeldCondition | null {
  const last = lastVerdict(previous);
  if (last.num_anomalies === null) {
    return numAnomalies > 0 || judgedEnough(judgedShare)
      ? null
      : { ...last, judged_share: judgedShare };
  }
  if (numAnomalies >= last.num_anomalies || judgedEnoughToImprove(judgedShare)) return null;
  return { ...last, judged_share: judgedShare };
}

/** The episode count a report's condition stands on: the held one when it holds, else its own. */
export function conditionCount(report: {
  num_anomalies: number;
  held_condition?: HeldCondition | null;
}): number | null {
  return report.held_condition ? report.held_condition.num_anomalies : report.num_anomalies;
}
