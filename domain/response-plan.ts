// A bridge's trigger-action-response plan (issue 32, decision 077): what each trigger level of
// the shift against the reference (decision 051) requires people to do, by when and who.
// Shared by the server's check and the Notifications screen's form, so both refuse the same
// values with the same words.

/** The levels a plan lists actions for: those of 'Trigger level crossed' (decision 051). */
export const PLAN_LEVELS = ['amber', 'red'] as const;
export type PlanLevel = (typeof PLAN_LEVELS)[number];

export const ACTION_TEXT_MAX = 200;
/** At most a year: a due time beyond that is no response to a trigger. */
export const DUE_HOURS_MAX = 8760;
/** A level's list is read in an alert dialog and on a phone: twenty lines is already a manual. */
export const ACTIONS_PER_LEVEL_MAX = 20;
export const ACTION_COMMENT_MAX = 500;
/**
 * An action's own reminder interval, once overdue (decision 077, amended 2026-12-01): from five
 * minutes (the alert monitor looks every minute; faster would be a pager storm) to a day.
 */
export const REMINDER_MINUTES_MIN = 5;
export const REMINDER_MINUTES_MAX = 1440;

/** One required action as the plan keeps it; `ownerGroupId` null: the company's administrators. */
export interface PlanAction {
  text: string;
  dueHours: number;
  ownerGroupId: number | null;
  /** Its own reminder interval in minutes; null: the alert's escalation interval. */
  reminderMinutes: number | null;
}

export type ResponsePlanInput = Record<PlanLevel, PlanAction[]>;

/** The owner when no contact group is named: the tier-2 people of decision 069. */
export const ADMINISTRATORS_OWNER = 'Company administrators';

/**
 * The first problem of a plan as `field: why` with the contract's field names
 * (`red[2].due_hours: …`), or null. `groupIds` are the contact groups of the bridge's company.
 */
export function responsePlanProblem(
  plan: ResponsePlanInput,
  groupIds: ReadonlySet<number>,
): string | null {
  for (const level of PLAN_LEVELS) {
    const actions = plan[level];
    if (actions.length > ACTIONS_PER_LEVEL_MAX) {
      return `${level}: at most ${ACTIONS_PER_LEVEL_MAX} actions a level`;
    }
    for (const [index, action] of actions.entries()) {
      const field = `${level}[${index}]`;
      const text = action.text.trim();
      if (text.length < 1 || text.length > ACTION_TEXT_MAX) {
        return `${field}.text: 1 to ${ACTION_TEXT_MAX} characters, not only spaces`;
      }
      if (
        !Number.isInteger(action.dueHours) ||
        action.dueHours < 1 ||
        action.dueHours > DUE_HOURS_MAX
      ) {
        return `${field}.due_hours: a whole number of hours from 1 to ${DUE_HOURS_MAX}`;
      }
      const every = action.reminderMinutes;
      if (
        every !== null &&
        (!Number.isInteger(every) || every < REMINDER_MINUTES_MIN || every > REMINDER_MINUTES_MAX)
      ) {
        return `${field}.reminder_minutes: a whole number of minutes from ${REMINDER_MINUTES_MIN} to ${REMINDER_MINUTES_MAX}, or none for the alert's interval`;
      }
      if (action.ownerGroupId !== null && !groupIds.has(action.ownerGroupId)) {
        return `${field}.owner_group: no contact group of the bridge's company with id ${action.ownerGroupId}`;
      }
    }
  }
  return null;
}

/** The levels an alert's actions come from when it goes from `from` to `to`: each level newly crossed. */
export function levelsNewlyCrossed(from: PlanLevel | null, to: PlanLevel): PlanLevel[] {
  const start = from === null ? 0 : PLAN_LEVELS.indexOf(from) + 1;
  return PLAN_LEVELS.slice(start, PLAN_LEVELS.indexOf(to) + 1);
}
