import { describe, expect, it } from 'vitest';
import { type Person, withRouted } from '../../../server/alerts/escalation-tiers.ts';
import { routedFor } from '../../../server/alerts/routed-recipients.ts';
import type { NotificationRuleRecord } from '../../../server/repositories/contact-groups-repository.ts';

const OWNER = 1;
const OTHER = 2;
const person = (id: number, companyId = OWNER): Person => ({
  id,
  email: `p${id}@example.ca`,
  phone: null,
  companyId,
});
const ids = (tiers: Person[][]) => tiers.map((tier) => tier.map((p) => p.id));
const operator = person(1);
const admin = person(2);
const staff = person(3, OTHER);
const engineer = person(4);
const stranger = person(5, OTHER);
const TIERS = [[operator], [admin], [staff]];

const rule = (overrides: Partial<NotificationRuleRecord>): NotificationRuleRecord => ({
  id: 1,
  companyId: OWNER,
  bridgeId: 10,
  alertTypes: ['Structural Warning'],
  minSeverity: 'Critical',
  groupId: 1,
  channels: ['email'],
  tier: 1,
  ...overrides,
});
const alert = { companyId: OWNER, bridgeId: 10, type: 'Structural Warning', severity: 'Critical' };

// Decision 060: rules add their groups' members at their tiers, each person told once.
describe('people routed by notification rules', () => {
  it('leaves the tiers as they are without rules', () => {
    expect(ids(withRouted(TIERS, OWNER, []))).toEqual([[1], [2], [3]]);
  });

  it("adds a rule's members at its tier, never another company's", () => {
    const routed = [{ tier: 2, people: [engineer, stranger] }];
    expect(ids(withRouted(TIERS, OWNER, routed))).toEqual([[1], [2, 4], [3]]);
  });

  it('tells someone already told at an earlier tier no second time, and moves a later one up', () => {
    const routed = [
      { tier: 3, people: [operator] },
      { tier: 1, people: [admin, engineer] },
      { tier: 2, people: [engineer] },
    ];
    expect(ids(withRouted(TIERS, OWNER, routed))).toEqual([[1, 2, 4], [], [3]]);
  });

  it.each([
    ['matches', alert, {}, true],
    ['another bridge', { ...alert, bridgeId: 11 }, {}, false],
    ['any bridge', { ...alert, bridgeId: 11 }, { bridgeId: null }, true],
    ['another type', { ...alert, type: 'Fatigue' }, {}, false],
    ['every type', { ...alert, type: 'Fatigue' }, { alertTypes: null }, true],
    ['below the severity', { ...alert, severity: 'High' }, {}, false],
    ['above the severity', { ...alert, severity: 'Critical' }, { minSeverity: 'Medium' }, true],
    ["another company's rule", alert, { companyId: OTHER }, false],
  ] as const)('%s', (_, facts, overrides, expected) => {
    const routed = routedFor(
      [{ rule: rule(overrides as Partial<NotificationRuleRecord>), members: [engineer.id] }],
      [engineer],
      facts,
    );
    expect(routed.length > 0).toBe(expected);
  });
});
