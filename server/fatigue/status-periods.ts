// Which times a sensor's register status says its data is not believed (issue 30, decision 045,
// 2026-12-03 (g)): read from the dated history of its status, so a change today says nothing of
// last year's data.
import type { StatusChange } from '../repositories/sensor-status-repository.ts';

/** Register statuses whose data is not believed: the gauge was faulty or being worked on. */
export const UNTRUSTED_STATUSES: readonly string[] = ['faulty', 'maintenance'];

/**
 * Register statuses whose data is not judged by the detector and the limits: not believed, or
 * the gauge was out of service (decision 045, 2026-12-03 (j)).
 */
export const NOT_JUDGED_STATUSES: readonly string[] = [...UNTRUSTED_STATUSES, 'inactive'];

export interface StatusSpan {
  from: number;
  to: number;
  /** The status in force over the span (one of those asked for, e.g. 'faulty'). */
  status: string;
  /** The span comes from an undated row: the days counted before it was known keep their count. */
  dated: boolean;
}

/**
 * The spans of [from, to) in which the status in force is one of `statuses` (by default the
 * untrusted ones). Each change holds until the next; before the first, the first one's status
 * holds (the register knows nothing earlier, and its first row is the status the sensor was
 * installed with).
 */
export function untrustedSpans(
  changes: readonly StatusChange[],
  from: number,
  to: number,
  statuses: readonly string[] = UNTRUSTED_STATUSES,
): StatusSpan[] {
  const ordered = [...changes].sort((a, b) => a.effectiveAt - b.effectiveAt);
  const spans: StatusSpan[] = [];
  ordered.forEach((change, i) => {
    if (!statuses.includes(change.status)) return;
    const start = i === 0 ? -Infinity : change.effectiveAt;
    const end = ordered[i + 1]?.effectiveAt ?? Infinity;
    const clipped = { from: Math.max(from, start), to: Math.min(to, end) };
    if (clipped.from < clipped.to) {
      spans.push({ ...clipped, status: change.status, dated: change.dated });
    }
  });
  return spans;
}
