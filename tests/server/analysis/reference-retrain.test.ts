import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  PERIOD_DAYS,
  RETRAIN_EVERY_DAYS,
  referenceRetrainReason,
} from '../../../server/analysis/analysis-rules';

// Decision 041 and issue 29: when the stored analysis trains again, given its latest version.
const ACTIVE_END = Date.UTC(2026, 0, 1);
/** Data up to here: the active version is overdue by the schedule. */
const NEWEST = ACTIVE_END + (RETRAIN_EVERY_DAYS + PERIOD_DAYS + 5) * DAY_MS;
/** A version trained from data up to 5 days before the newest: not due by its own schedule. */
const RECENT_END = new Date(NEWEST - (PERIOD_DAYS + 5) * DAY_MS);
/** Enough windows outside the learnt conditions to retrain the active version early. */
const OUTSIDE = Array.from({ length: 12 }, (_, i) => ACTIVE_END + DAY_MS + i * 600_000);

describe('when the stored analysis trains again', () => {
  it.each([
    ['nothing but the active version', undefined, 'schedule'],
    [
      'the active version as the latest',
      { status: 'active', trainedTo: new Date(ACTIVE_END) },
      'schedule',
    ],
    ['a proposal waiting', { status: 'proposed', trainedTo: RECENT_END }, null],
    // Without waiting, the next evaluation would propose again what an engineer just rejected.
    ['a proposal just rejected', { status: 'rejected', trainedTo: RECENT_END }, null],
  ])('with %s: %s', (_case, latest, reason) => {
    expect(referenceRetrainReason(latest, ACTIVE_END, NEWEST, [])).toBe(reason);
  });

  it('waits for a rejected version’s own schedule, not for conditions the active one lacks', () => {
    const rejected = { status: 'rejected', trainedTo: RECENT_END };
    const early = NEWEST - 20 * DAY_MS;
    expect(referenceRetrainReason(undefined, ACTIVE_END, early, OUTSIDE)).toBe('conditions');
    expect(referenceRetrainReason(rejected, ACTIVE_END, NEWEST, OUTSIDE)).toBeNull();
    const later = RECENT_END.getTime() + (RETRAIN_EVERY_DAYS + PERIOD_DAYS) * DAY_MS;
    expect(referenceRetrainReason(rejected, ACTIVE_END, later, OUTSIDE)).toBe('schedule');
  });
});
