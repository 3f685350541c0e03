import { describe, expect, it } from 'vitest';
import { MIN_JUDGED_SHARE, MIN_JUDGED_SHARE_TO_IMPROVE } from '../../../domain/held-condition.ts';
import { conditionHistoryRow } from '../../../server/analysis/condition-history-row.ts';
import { conditionSince, conditionVerdict } from '../../../server/analysis/condition-since.ts';

const NOW = new Date('2026-03-11T10:00:00.000Z');
const REACHED = '2026-03-01T10:00:00.000Z';

describe('when the bridge reached its condition', () => {
  it('keeps the stored date while the condition is unchanged (3 and 5 episodes are both Poor)', () => {
    expect(conditionSince({ num_anomalies: 3, condition_since: REACHED }, 5, NOW)).toBe(REACHED);
  });

  it('starts again when the condition changes, either way', () => {
    expect(conditionSince({ num_anomalies: 3, condition_since: REACHED }, 6, NOW)).toBe(
      NOW.toISOString(),
    );
    expect(conditionSince({ num_anomalies: 3, condition_since: REACHED }, 2, NOW)).toBe(
      NOW.toISOString(),
    );
  });

  it('starts now for the first evaluation and for a report stored without the date', () => {
    expect(conditionSince(null, 0, NOW)).toBe(NOW.toISOString());
    expect(conditionSince({ num_anomalies: 0 }, 0, NOW)).toBe(NOW.toISOString());
    expect(conditionSince({ num_anomalies: 0, condition_since: 'garbled' }, 0, NOW)).toBe(
      NOW.toISOString(),
    );
  });
});

// Decision 017, amendment 2026-12-02 (b): an evaluation judging under MIN_JUDGED_SHARE of its
// windows holds the condition of the last one that judged enough.
describe('the condition of an evaluation that judged too little', () => {
  const FAIR_WEEK = {
    num_anomalies: 2,
    evaluated_at: '2026-05-04T10:00:00.000Z',
    condition_since: REACHED,
  };

  it('a first verdict needs a quarter of the windows judged', () => {
    expect(conditionVerdict(null, 0, MIN_JUDGED_SHARE, NOW)).toEqual({
      held_condition: null,
      condition_since: NOW.toISOString(),
      conditionCount: 0,
    });
  });

  // Amendment 2026-12-02 (c): the six-month demo's May week judged only its cool nights, when the
  // crack is closed, found nothing there and read Good.
  it('a better condition needs three quarters judged: a quiet half of a week holds Fair', () => {
    expect(conditionVerdict(FAIR_WEEK, 0, 0.6, NOW)).toEqual({
      held_condition: { num_anomalies: 2, from: FAIR_WEEK.evaluated_at, judged_share: 0.6 },
      condition_since: REACHED,
      conditionCount: 2,
    });
    expect(conditionVerdict(FAIR_WEEK, 1, MIN_JUDGED_SHARE, NOW).conditionCount).toBe(2);
    expect(conditionVerdict(FAIR_WEEK, 0, MIN_JUDGED_SHARE_TO_IMPROVE, NOW)).toEqual({
      held_condition: null,
      condition_since: NOW.toISOString(),
      conditionCount: 0,
    });
  });

  it('judging less, its zero episodes are no Good: the last judged count and date are held', () => {
    const held = conditionVerdict(FAIR_WEEK, 0, 0.03, NOW);
    expect(held).toEqual({
      held_condition: { num_anomalies: 2, from: FAIR_WEEK.evaluated_at, judged_share: 0.03 },
      condition_since: REACHED,
      conditionCount: 2,
    });
    // A second warm week keeps pointing at the last judged one, not at the held week.
    const again = conditionVerdict(
      { num_anomalies: 0, evaluated_at: NOW.toISOString(), ...held },
      0,
      0.01,
      new Date('2026-03-18T10:00:00.000Z'),
    );
    expect(again.held_condition).toEqual({
      num_anomalies: 2,
      from: FAIR_WEEK.evaluated_at,
      judged_share: 0.01,
    });
    expect([again.conditionCount, again.condition_since]).toEqual([2, REACHED]);
  });

  it('judging less but finding as many episodes or more, the evaluation still sets the condition', () => {
    expect(conditionVerdict(FAIR_WEEK, 4, 0.1, NOW)).toEqual({
      held_condition: null,
      condition_since: NOW.toISOString(),
      conditionCount: 4,
    });
    expect(conditionVerdict(null, 1, 0.1, NOW).conditionCount).toBe(1);
    // Fewer than before, in a tenth of the week: no proof of better; Fair is held.
    expect(conditionVerdict(FAIR_WEEK, 1, 0.1, NOW).held_condition?.num_anomalies).toBe(2);
  });

  it('a judged week after a held one compares with the held condition, not the held week’s zero', () => {
    const heldWeek = { num_anomalies: 0, ...conditionVerdict(FAIR_WEEK, 0, 0.03, NOW) };
    // Still Fair (1 episode): the date it became Fair stands.
    expect(conditionSince(heldWeek, 1, NOW)).toBe(REACHED);
  });

  it('with nothing judged enough before, the bridge is not assessed (no count, no history row)', () => {
    const verdict = conditionVerdict(null, 0, 0, NOW);
    expect(verdict.held_condition).toEqual({ num_anomalies: null, from: null, judged_share: 0 });
    expect(verdict.conditionCount).toBeNull();
    expect(
      conditionHistoryRow(1, {
        report: { period_start: REACHED, period_end: NOW.toISOString() },
        forecast: {},
        numAnomalies: verdict.conditionCount,
        dataUntil: NOW,
        evaluatedAt: NOW,
      }),
    ).toBeNull();
  });
});
