/**
 * When an unacknowledged alert is escalated and repeated, in seconds after it was raised
 * (docs/decisions/036-escalation-and-acknowledge-links.md). Seconds, so a test can run a policy of minutes in
 * seconds; the settings are minutes. 0 turns a step off.
 */
export interface EscalationPolicy {
  tier2AfterSeconds: number;
  tier3AfterSeconds: number;
  reminderEverySeconds: number;
}

export const DEFAULT_ESCALATION: EscalationPolicy = {
  tier2AfterSeconds: 15 * 60,
  tier3AfterSeconds: 60 * 60,
  reminderEverySeconds: 30 * 60,
};

export function policyOfMinutes(minutes?: {
  tier2Minutes: number;
  tier3Minutes: number;
  reminderMinutes: number;
}): EscalationPolicy {
  if (!minutes) return DEFAULT_ESCALATION;
  return {
    tier2AfterSeconds: minutes.tier2Minutes * 60,
    tier3AfterSeconds: minutes.tier3Minutes * 60,
    reminderEverySeconds: minutes.reminderMinutes * 60,
  };
}

/** Where an unacknowledged alert stands `elapsedSeconds` after its raise. */
export interface EscalationStep {
  /** The highest tier reached (1 at the raise). */
  tier: number;
  /** The latest reminder due (0: none yet). */
  reminder: number;
}

const TIER_DEADLINES = (policy: EscalationPolicy): [tier: number, seconds: number][] =>
  (
    [
      [2, policy.tier2AfterSeconds],
      [3, policy.tier3AfterSeconds],
    ] as [number, number][]
  ).filter(([, seconds]) => seconds > 0);

export function stepAt(policy: EscalationPolicy, elapsedSeconds: number): EscalationStep {
  let tier = 1;
  for (const [next, seconds] of TIER_DEADLINES(policy)) {
    if (elapsedSeconds >= seconds) tier = Math.max(tier, next);
  }
  return { tier, reminder: reminderAt(policy, elapsedSeconds) };
}

/** The latest reminder due `seconds` after the clock's start (0: none yet, or none at all). */
const reminderAt = (policy: EscalationPolicy, seconds: number): number => {
  const every = policy.reminderEverySeconds;
  return every > 0 ? Math.max(0, Math.floor(seconds / every)) : 0;
};

/** The first deadline (a tier or a reminder) after `elapsedSeconds`; null when none is left. */
export function nextDeadlineSeconds(
  policy: EscalationPolicy,
  elapsedSeconds: number,
): number | null {
  const candidates = TIER_DEADLINES(policy)
    .map(([, seconds]) => seconds)
    .filter((seconds) => seconds > elapsedSeconds);
  const every = policy.reminderEverySeconds;
  if (every > 0) candidates.push((Math.floor(elapsedSeconds / every) + 1) * every);
  return candidates.length > 0 ? Math.min(...candidates) : null;
}

/**
 * Where an overdue action stands `overdueSeconds` after its due time (decision 077's amendment of
 * 2026-11-30). At its due time it reaches `firstTier`, the tier above its owner; from there it
 * climbs as an alert does, a tier when the alert's own gap between the two tiers has passed
 * (tier 3 comes `tier3 − tier2` after tier 2); a reminder every `reminderEverySeconds` counted
 * from the due time. 0 turns a step off, as for alerts.
 */
export function actionStepAt(
  policy: EscalationPolicy,
  firstTier: number,
  overdueSeconds: number,
): EscalationStep {
  const gap = actionTier3GapSeconds(policy, firstTier);
  const tier = gap !== null && overdueSeconds >= gap ? 3 : firstTier;
  return { tier, reminder: reminderAt(policy, overdueSeconds) };
}

/** The action's next step after `overdueSeconds` (a tier or a reminder); null when none is left. */
export function nextActionStepSeconds(
  policy: EscalationPolicy,
  firstTier: number,
  overdueSeconds: number,
): number | null {
  const gap = actionTier3GapSeconds(policy, firstTier);
  const candidates = gap !== null && gap > overdueSeconds ? [gap] : [];
  const every = policy.reminderEverySeconds;
  if (every > 0) candidates.push((Math.floor(overdueSeconds / every) + 1) * every);
  return candidates.length > 0 ? Math.min(...candidates) : null;
}

/** How long after its due time an action at tier 2 goes on to tier 3; null: it does not. */
function actionTier3GapSeconds(policy: EscalationPolicy, firstTier: number): number | null {
  if (firstTier >= 3 || policy.tier3AfterSeconds <= 0) return null;
  return Math.max(0, policy.tier3AfterSeconds - Math.max(0, policy.tier2AfterSeconds));
}
