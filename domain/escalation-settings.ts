/**
 * A company's escalation of unacknowledged alerts (decision 069): tier 2 (its managers) after
 * some minutes, tier 3 (platform staff) after more, and a reminder every so many minutes to
 * everyone told so far, or none. Shared by the server's check and the screen's form, so both
 * refuse the same values with the same words.
 */
export interface EscalationSettings {
  tier2Minutes: number;
  tier3Minutes: number;
  /** null: no reminders. */
  reminderMinutes: number | null;
}

/**
 * Bounds: tier 2 within a day (a Critical alert nobody answers for a day is no escalation at
 * all), tier 3 within two days and after tier 2 (decision 036: tier 3 is the platform's staff,
 * the last resort, so a company may delay it but not turn it off), reminders no more often than
 * every 5 minutes (a page a minute is noise people mute) and at least once a day.
 */
export const ESCALATION_BOUNDS = {
  tier2Minutes: { min: 1, max: 24 * 60 },
  tier3Minutes: { min: 2, max: 48 * 60 },
  reminderMinutes: { min: 5, max: 24 * 60 },
} as const;

export type EscalationField = keyof EscalationSettings;

/** The contract's names of the fields, which the server's refusals start with. */
export const ESCALATION_FIELD_NAMES: Record<EscalationField, string> = {
  tier2Minutes: 'tier2_minutes',
  tier3Minutes: 'tier3_minutes',
  reminderMinutes: 'reminder_minutes',
};

const wholeIn = (value: number, { min, max }: { min: number; max: number }) =>
  Number.isInteger(value) && value >= min && value <= max;

/** The first problem of the settings as `field: why` (the contract's field name), or null. */
export function escalationProblem(settings: EscalationSettings): string | null {
  const { tier2Minutes, tier3Minutes, reminderMinutes } = settings;
  const { tier2Minutes: t2, tier3Minutes: t3, reminderMinutes: r } = ESCALATION_BOUNDS;
  if (!wholeIn(tier2Minutes, t2)) {
    return `tier2_minutes: a whole number of minutes from ${t2.min} to ${t2.max}`;
  }
  if (!wholeIn(tier3Minutes, t3)) {
    return `tier3_minutes: a whole number of minutes from ${t3.min} to ${t3.max}`;
  }
  if (tier3Minutes <= tier2Minutes) {
    return `tier3_minutes: must be later than tier 2 (${tier2Minutes} minutes)`;
  }
  if (reminderMinutes !== null && !wholeIn(reminderMinutes, r)) {
    return `reminder_minutes: a whole number of minutes from ${r.min} to ${r.max}, or none`;
  }
  return null;
}

/** "15 minutes", "1 minute", "2 hours", "1 hour 30 minutes". */
export function minutesInWords(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}

/**
 * The policy as sentences, as the Notifications screen shows it. A company's own always has both
 * tiers; the server's default may turn one off (0, ALERT_TIER2_MINUTES=0), said as such.
 */
export function escalationInWords(settings: EscalationSettings): string[] {
  const tier = (n: 2 | 3, minutes: number, who: string) =>
    minutes > 0
      ? `Tier ${n} (${who}) after ${minutesInWords(minutes)} without acknowledgement.`
      : `No tier ${n}.`;
  return [
    tier(2, settings.tier2Minutes, "the company's administrators"),
    tier(3, settings.tier3Minutes, 'platform staff'),
    settings.reminderMinutes === null
      ? 'No reminders.'
      : `A reminder every ${minutesInWords(settings.reminderMinutes)} to everyone told so far, until someone acknowledges.`,
  ];
}
