import { describe, expect, it } from 'vitest';
import type { DetectorModel } from '../../../server/analytics/detector-types.ts';
import { LAGGED_TEMPERATURE_COLUMN } from '../../../server/analysis/context.ts';
import { outsideLearnedConditions } from '../../../server/analysis/learned-conditions.ts';

/** A 'seasonal' context row: air, six frost hinges, the lagged (deck) temperature. */
const row = (air: number, deck: number): number[] => [
  air,
  ...[0, -1, -2, -3, -4, -6].map((h) => Math.max(0, h - air)),
  deck,
];

/** Only the learnt ranges matter to the rule; the rest of a model is not read. */
const learnt = (low: number[], high: number[]) =>
  ({ contextLow: low, contextHigh: high }) as unknown as DetectorModel;

describe('conditions the baseline learnt', () => {
  // A baseline from late summer into a mild autumn: air 1 to 28 °C, deck 3 to 26 °C.
  const model = learnt(row(1, 3), row(28, 26));

  it('judges a window whose air and deck lie inside what was learnt', () => {
    expect(LAGGED_TEMPERATURE_COLUMN).toBe(7);
    expect(outsideLearnedConditions(model, row(12, 14))).toBe(false);
  });

  it('does not judge a thawing morning whose deck is still frozen', () => {
    // The air is back above freezing, but the deck (3 h behind) is still at −2 °C.
    expect(outsideLearnedConditions(model, row(2, -2))).toBe(true);
  });

  it('keeps the rule of a model stored with the air temperature only', () => {
    expect(outsideLearnedConditions(learnt([1], [28]), [2])).toBe(false);
    expect(outsideLearnedConditions(learnt([1], [28]), [-1])).toBe(true);
  });
});
