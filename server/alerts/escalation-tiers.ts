export interface Person {
  id: number;
  email: string;
  /** E.164, for alert texts; null: none. */
  phone: string | null;
  company: string;
}

/**
 * Who is told at each tier of one bridge's alert (docs/decisions/036-escalation-and-acknowledge-links.md). The
 * spec knows two roles, staff and the users a bridge is assigned to, and each user's company:
 * tier 1 is the bridge's own users (its operators and engineers), tier 2 the staff of their
 * companies (the people they answer to), tier 3 every other staff user. A bridge assigned to no
 * one tells all staff at once, and then has no one further to escalate to.
 */
export function tiersOf<P extends Person>(assigned: readonly P[], staff: readonly P[]): P[][] {
  if (assigned.length === 0) return [[...staff], [], []];
  const companies = new Set(assigned.map((person) => person.company.trim().toLowerCase()));
  const own = staff.filter((person) => companies.has(person.company.trim().toLowerCase()));
  const tier2 = own.length > 0 ? own : [...staff];
  const told = new Set(tier2.map((person) => person.id));
  return [[...assigned], tier2, staff.filter((person) => !told.has(person.id))];
}
