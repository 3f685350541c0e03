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
  const every = policy.reminderEverySeconds;
  const reminder = every > 0 ? Math.max(0, Math.floor(elapsedSeconds / every)) : 0;
  return { tier, reminder };
}

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
