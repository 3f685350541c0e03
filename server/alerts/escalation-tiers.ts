export interface Person {
  id: number;
  email: string;
  /** E.164, for alert texts; null: none. */
  phone: string | null;
  /** The company the person belongs to (decision 040). */
  companyId: number;
}

/** Who may be told of one bridge's alert, as the delivery log reads them from the database. */
export interface BridgePeople<P extends Person> {
  /** The company that owns the bridge. */
  companyId: number;
  /** The users the bridge is assigned to (not platform staff). */
  assigned: readonly P[];
  /** Who is on call now in the company's rotas (decision 056), of any company: filtered here. */
  onCall: readonly P[];
  /** Company administrators (not platform staff), of any company: filtered here. */
  companyAdmins: readonly P[];
  /** Every platform staff user. */
  staff: readonly P[];
}

/**
 * Who is told at each tier of one bridge's alert (decision 036, by company since decision 040):
 * tier 1 is the bridge's own users of its company (its operators and engineers) and whoever is
 * on call now in the company's rotas (decision 056), each once; tier 2 the
 * people they answer to, the company's administrators and any platform staff sitting in the
 * company, and tier 3 the rest of platform staff. Another company's people are never told: an
 * assignment across companies tells no one, as the in-app news does. A bridge assigned to no one
 * starts at its company's managers; a company with no one at all tells all staff at once, who
 * then have no one further to escalate to.
 */
export function tiersOf<P extends Person>(people: BridgePeople<P>): P[][] {
  const ofCompany = (person: P) => person.companyId === people.companyId;
  const own = unique([...people.assigned, ...people.onCall]).filter(ofCompany);
  const first = new Set(own.map((person) => person.id));
  const managers = unique([...people.companyAdmins, ...people.staff]).filter(
    (person) => ofCompany(person) && !first.has(person.id),
  );
  const managing = new Set(managers.map((person) => person.id));
  const platform = people.staff.filter((person) => !managing.has(person.id));
  if (own.length === 0) return managers.length > 0 ? [managers, platform, []] : [platform, [], []];
  if (managers.length === 0) return [own, platform, []];
  return [own, managers, platform];
}

function unique<P extends Person>(people: readonly P[]): P[] {
  const seen = new Set<number>();
  return people.filter((person) => !seen.has(person.id) && seen.add(person.id));
}

/** People a notification rule adds at its tier (decision 060). */
export interface RoutedPeople<P extends Person> {
  tier: number;
  people: readonly P[];
}

/**
 * The tiers with the people notification rules route to added at each rule's tier, beside
 * those told today; each person stays only at the first tier that names them, so nobody is told
 * twice of one alert on one channel. Another company's people are never told. Without rules the
 * tiers are as `tiersOf` gave them (they name each person once already).
 */
export function withRouted<P extends Person>(
  tiers: readonly P[][],
  companyId: number,
  routed: readonly RoutedPeople<P>[],
): P[][] {
  if (routed.length === 0) return tiers.map((people) => [...people]);
  const added = tiers.map((people) => [...people]);
  for (const { tier, people } of routed) {
    const index = tier - 1;
    added[index] = [
      ...(added[index] ?? []),
      ...people.filter((person) => person.companyId === companyId),
    ];
  }
  const seen = new Set<number>();
  return added.map((people) =>
    people.filter((person) => !seen.has(person.id) && seen.add(person.id)),
  );
}
