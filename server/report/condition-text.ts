// The condition in the month, in words, for the report's Condition section and its summary.
import type { ConditionHistoryFacts } from './report-facts.ts';
import { dayWriter, minuteWriter } from './report-time.ts';

/** Changes listed one by one; a bridge flapping more often is summarised by its count. */
export const LISTED_CHANGES = 40;

const evaluations = (n: number) => `${n} ${n === 1 ? 'evaluation' : 'evaluations'}`;

const endLabel = (h: ConditionHistoryFacts) =>
  h.monthEnded ? 'at the end of the month' : 'so far this month (latest evaluation)';

/** The Condition section's lines about the month, from the stored history. */
export function conditionHistoryLines(h: ConditionHistoryFacts, timeZone = 'UTC'): string[] {
  const when = minuteWriter(timeZone);
  if (h.atMonthEnd === null) {
    return [
      'No evaluation is stored from before the end of the month: the condition in the month is not known',
    ];
  }
  const changes = h.changes
    .slice(0, LISTED_CHANGES)
    .map((c) =>
      c.from === null
        ? `${when(c.at)}: first evaluated, ${c.to}`
        : `${when(c.at)}: changed from ${c.from} to ${c.to}`,
    );
  const leftOut = h.changes.length - changes.length;
  return [
    `Condition at the start of the month: ${h.atMonthStart ?? 'not known (no evaluation stored before it)'}`,
    ...(h.changes.length === 0
      ? [`No change of condition in the month (${evaluations(h.evaluationsInMonth)} stored in it)`]
      : [
          `Changes of condition in the month (${evaluations(h.evaluationsInMonth)} stored in it):`,
          ...changes,
          ...(leftOut > 0 ? [`${leftOut} further changes are not listed`] : []),
        ]),
    `Condition ${endLabel(h)}: ${h.atMonthEnd}`,
  ];
}

/** The summary's sentence on the month's condition; every part is in the Condition section. */
export function conditionHistorySentence(h: ConditionHistoryFacts, timeZone = 'UTC'): string {
  const day = dayWriter(timeZone);
  if (h.atMonthEnd === null) return 'Its condition in the month is not known.';
  if (h.changes.length === 0) {
    return `Its condition stayed ${h.atMonthEnd} ${h.monthEnded ? 'through the month' : 'so far this month'}.`;
  }
  const start =
    h.atMonthStart === null
      ? 'Its condition was not known at the start of the month (no earlier evaluation)'
      : `Its condition was ${h.atMonthStart} at the start of the month`;
  if (h.changes.length > 3) {
    return `${start}, changed ${h.changes.length} times and was ${h.atMonthEnd} ${h.monthEnded ? 'at its end' : 'at the latest evaluation'}.`;
  }
  const listed = h.changes.map((c) => `${c.to} on ${day(c.at)}`);
  const became =
    listed.length === 1
      ? listed[0]
      : `${listed.slice(0, -1).join(', ')} and then ${listed.at(-1) ?? ''}`;
  return `${start}, became ${became}.`;
}
