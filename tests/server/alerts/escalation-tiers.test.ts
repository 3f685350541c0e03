import { describe, expect, it } from 'vitest';
import { tiersOf, type Person } from '../../../server/alerts/escalation-tiers.ts';

const OWNER = 1;
const OTHER = 2;
let nextId = 1;
const person = (companyId: number): Person => {
  const id = nextId++;
  return { id, email: `p${id}@example.ca`, phone: null, companyId };
};
const ids = (tiers: Person[][]) => tiers.map((tier) => tier.map((p) => p.id));

describe('who is told at each tier of a bridge alert (by company, decision 040)', () => {
  const operator = person(OWNER);
  const strayOperator = person(OTHER); // assigned across companies: tells no one
  const ownAdmin = person(OWNER);
  const otherAdmin = person(OTHER);
  const staffInCompany = person(OWNER);
  const platformStaff = person(OTHER);

  it("tells the bridge's users, then its company's managers, then the rest of staff", () => {
    const tiers = tiersOf({
      companyId: OWNER,
      assigned: [operator, strayOperator],
      onCall: [],
      companyAdmins: [ownAdmin, otherAdmin],
      staff: [staffInCompany, platformStaff],
    });
    expect(ids(tiers)).toEqual([
      [operator.id],
      [ownAdmin.id, staffInCompany.id],
      [platformStaff.id],
    ]);
  });

  it('never tells another company’s administrator, at any tier', () => {
    const everyone = tiersOf({
      companyId: OWNER,
      assigned: [],
      onCall: [],
      companyAdmins: [otherAdmin],
      staff: [platformStaff],
    }).flat();
    expect(everyone.map((p) => p.id)).toEqual([platformStaff.id]);
  });

  it("starts at the company's managers when the bridge is assigned to no one", () => {
    const tiers = tiersOf({
      companyId: OWNER,
      assigned: [],
      onCall: [],
      companyAdmins: [ownAdmin],
      staff: [platformStaff],
    });
    expect(ids(tiers)).toEqual([[ownAdmin.id], [platformStaff.id], []]);
  });

  it('tells all staff at once when the company has no one to tell', () => {
    const tiers = tiersOf({
      companyId: OWNER,
      assigned: [strayOperator],
      onCall: [],
      companyAdmins: [],
      staff: [platformStaff],
    });
    expect(ids(tiers)).toEqual([[platformStaff.id], [], []]);
  });

  it('escalates from the users straight to platform staff when the company has no manager', () => {
    const tiers = tiersOf({
      companyId: OWNER,
      assigned: [operator],
      onCall: [],
      companyAdmins: [],
      staff: [platformStaff],
    });
    expect(ids(tiers)).toEqual([[operator.id], [platformStaff.id], []]);
  });

  it('tells an administrator assigned to the bridge once, at tier 1', () => {
    const tiers = tiersOf({
      companyId: OWNER,
      assigned: [ownAdmin],
      onCall: [],
      companyAdmins: [ownAdmin],
      staff: [platformStaff],
    });
    expect(ids(tiers)).toEqual([[ownAdmin.id], [platformStaff.id], []]);
  });

  it('tells whoever is on call at tier 1 beside the assigned users, once, and only of the company', () => {
    const onCallEngineer = person(OWNER);
    const tiers = tiersOf({
      companyId: OWNER,
      assigned: [operator],
      onCall: [onCallEngineer, operator, strayOperator],
      companyAdmins: [ownAdmin],
      staff: [platformStaff],
    });
    expect(ids(tiers)).toEqual([
      [operator.id, onCallEngineer.id],
      [ownAdmin.id],
      [platformStaff.id],
    ]);
  });

  it('starts at the on-call administrator of a bridge assigned to no one, and not again at tier 2', () => {
    const tiers = tiersOf({
      companyId: OWNER,
      assigned: [],
      onCall: [ownAdmin],
      companyAdmins: [ownAdmin, otherAdmin],
      staff: [staffInCompany, platformStaff],
    });
    expect(ids(tiers)).toEqual([[ownAdmin.id], [staffInCompany.id], [platformStaff.id]]);
  });
});
