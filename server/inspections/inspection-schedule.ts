import type { Condition } from '../../domain/health.ts';
import {
  addMonths,
  conditionShortens,
  type DueStatus,
  dueStatus,
  effectiveIntervalMonths,
  INSPECTION_KINDS,
  type InspectionKind,
} from '../../domain/inspection-regimes.ts';
import type { Programme } from './inspection-programme.ts';
import type { BridgeSchedulePlan } from './inspections-repository.ts';

export interface InspectionDue {
  bridgeId: number;
  bridgeName: string;
  kind: InspectionKind;
  lastInspectedOn: string;
  nextDue: string;
  status: DueStatus;
  shortened: boolean;
  condition: Condition | null;
}

/** The next due date after an inspection; null when the programme has no interval for its kind. */
export function nextDueAfter(
  inspectedOn: string,
  kind: InspectionKind,
  programme: Programme,
  condition: Condition | null,
): string | null {
  const months = programme.intervals[kind];
  if (months === null) return null;
  return addMonths(
    inspectedOn,
    effectiveIntervalMonths(months, condition, programme.poorConditionFactor),
  );
}

/** One entry per kind with an interval and an inspection, soonest due first. */
export function scheduleOf(plan: BridgeSchedulePlan, today: string): InspectionDue[] {
  const entries: InspectionDue[] = [];
  for (const kind of INSPECTION_KINDS) {
    const newest = plan.newest.find((n) => n.kind === kind);
    if (!newest) continue;
    const nextDue = nextDueAfter(newest.inspectedOn, kind, plan.programme, plan.condition);
    if (nextDue === null) continue;
    entries.push({
      bridgeId: plan.bridgeId,
      bridgeName: plan.bridgeName,
      kind,
      lastInspectedOn: newest.inspectedOn,
      nextDue,
      status: dueStatus(nextDue, today, plan.programme.dueLeadDays),
      shortened: conditionShortens(plan.condition),
      condition: plan.condition,
    });
  }
  return entries.sort((a, b) => a.nextDue.localeCompare(b.nextDue));
}

/**
 * The calendar of a month (YYYY-MM): everything overdue, longest overdue first, then what falls
 * due in the month, by date; the current month also lists what is due soon (within the
 * programme's lead days) after it, so an inspection due early next month is not missed.
 */
export function calendarOf(
  plans: BridgeSchedulePlan[],
  month: string,
  today: string,
): InspectionDue[] {
  const all = plans.flatMap((plan) => scheduleOf(plan, today));
  const overdue = all.filter((entry) => entry.status === 'overdue');
  const current = today.slice(0, 7) === month;
  const inMonth = all.filter(
    (entry) =>
      entry.status !== 'overdue' &&
      (entry.nextDue.slice(0, 7) === month || (current && entry.status === 'due')),
  );
  const byDate = (a: InspectionDue, b: InspectionDue) =>
    a.nextDue.localeCompare(b.nextDue) || a.bridgeName.localeCompare(b.bridgeName);
  return [...overdue.sort(byDate), ...inMonth.sort(byDate)];
}
