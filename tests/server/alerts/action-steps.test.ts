import { describe, expect, it } from 'vitest';
import { toldOfAction } from '../../../server/alerts/action-notice-recipients.ts';
import { actionStepAt, nextActionStepSeconds } from '../../../server/alerts/escalation-policy.ts';

const POLICY = { tier2AfterSeconds: 900, tier3AfterSeconds: 3600, reminderEverySeconds: 1800 };
const NO_REMINDERS = { ...POLICY, reminderEverySeconds: 0 };

// Decision 077's amendment: an overdue action reaches the tier above its owner at its due time,
// climbs to tier 3 after the alerts' own gap between tiers 2 and 3 (45 minutes here), and is
// reminded of every reminder interval counted from the due time.
describe('the steps of an overdue action', () => {
  it.each([
    // policy, first tier, seconds overdue, tier, reminder, next step (seconds overdue)
    [POLICY, 2, 0, 2, 0, 1800],
    [POLICY, 2, 1799, 2, 0, 1800],
    [POLICY, 2, 1800, 2, 1, 2700],
    [POLICY, 2, 2700, 3, 1, 3600],
    [POLICY, 2, 7260, 3, 4, 7200 + 1800],
    [POLICY, 3, 0, 3, 0, 1800],
    [NO_REMINDERS, 2, 0, 2, 0, 2700],
    [NO_REMINDERS, 2, 2700, 3, 0, null],
    [NO_REMINDERS, 3, 0, 3, 0, null],
    [{ ...NO_REMINDERS, tier3AfterSeconds: 0 }, 2, 10, 2, 0, null],
  ])(
    '%o from tier %i at %i s: tier %i, reminder %i, next at %s',
    (policy, first, at, tier, reminder, next) => {
      expect(actionStepAt(policy, first, at)).toEqual({ tier, reminder });
      expect(nextActionStepSeconds(policy, first, at)).toBe(next);
    },
  );
});

describe('who an overdue action’s notice tells', () => {
  const person = (id: number) => ({ id });
  const tiers = [[person(1)], [person(2), person(3)], [person(4)]];

  it('tells a tier its first notice, or the highest tier below it with people', () => {
    expect(toldOfAction(tiers, { tier: 2, reminder: 0 }, [])).toEqual([
      { tier: 2, people: [person(2), person(3)] },
    ]);
    expect(toldOfAction([[person(1)], [person(2)], []], { tier: 3, reminder: 0 }, [])).toEqual([
      { tier: 2, people: [person(2)] },
    ]);
  });

  it('reminds the owner and each tier told so far, each person once', () => {
    const owner = { groupId: 7, firstTier: 2 };
    expect(toldOfAction(tiers, { tier: 3, reminder: 2, owner }, [person(5), person(2)])).toEqual([
      { tier: 1, people: [person(5), person(2)] },
      { tier: 2, people: [person(3)] },
      { tier: 3, people: [person(4)] },
    ]);
  });
});
