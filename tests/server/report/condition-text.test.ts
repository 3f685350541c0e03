import { describe, expect, it } from 'vitest';
import { conditionHistorySentence } from '../../../server/report/condition-text.ts';
import type { ConditionHistoryFacts } from '../../../server/report/report-facts.ts';

const history = (facts: Partial<ConditionHistoryFacts>): ConditionHistoryFacts => ({
  atMonthStart: 'Good',
  changes: [],
  atMonthEnd: 'Good',
  evaluationsInMonth: 4320,
  monthEnded: true,
  ...facts,
});

const flaps = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    at: `2026-04-${String(i + 10)}T06:00:00.000Z`,
    from: i % 2 === 0 ? ('Good' as const) : ('Fair' as const),
    to: i % 2 === 0 ? ('Fair' as const) : ('Good' as const),
  }));

describe("the summary's condition sentence", () => {
  it.each([
    [history({ atMonthStart: null, atMonthEnd: null }), 'Its condition in the month is not known.'],
    [history({}), 'Its condition stayed Good through the month.'],
    [history({ monthEnded: false }), 'Its condition stayed Good so far this month.'],
    [
      history({
        atMonthStart: null,
        changes: [{ at: '2026-04-03T06:00:00Z', from: null, to: 'Fair' }],
        atMonthEnd: 'Fair',
      }),
      'Its condition was not known at the start of the month (no earlier evaluation), became Fair on 2026-04-03.',
    ],
    [
      history({ changes: flaps(3), atMonthEnd: 'Fair' }),
      'Its condition was Good at the start of the month, became Fair on 2026-04-10, Good on 2026-04-11 and then Fair on 2026-04-12.',
    ],
    [
      history({ changes: flaps(4), atMonthEnd: 'Good' }),
      'Its condition was Good at the start of the month, changed 4 times and was Good at its end.',
    ],
  ])('case %#', (facts, sentence) => {
    expect(conditionHistorySentence(facts)).toBe(sentence);
  });
});
