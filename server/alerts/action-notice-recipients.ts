/** The people told at one tier of one notice; `tier` is what the delivery log records. */
export interface ToldTier<P> {
  tier: number;
  people: readonly P[];
}

/** Who owns an overdue action, for its reminders (decision 077). */
export interface ActionOwner {
  /** The contact group that owns it; null: the company's administrators. */
  groupId: number | null;
  /** The tier above the owner, told first when it fell due. */
  firstTier: number;
}

/**
 * An overdue action must reach someone: when its tier has nobody (a company without
 * administrators, a bridge assigned to no one: escalation-tiers.ts moves the tiers down), the
 * highest tier below it that has people (decision 077).
 */
export function peopledTier(tiers: readonly (readonly unknown[])[], tier: number): number {
  for (let candidate = tier; candidate > 1; candidate -= 1) {
    if ((tiers[candidate - 1]?.length ?? 0) > 0) return candidate;
  }
  return 1;
}

/**
 * Who one notice of an overdue action tells. Its first notice and each later tier go to that
 * tier's people (or the highest below with people). A reminder goes to the action's owner (the
 * group's members, or the administrators, logged at the owner's own tier, one below the first
 * told) and to each tier told of it so far, each person once: the undone duty is the owner's,
 * and those above should know it is still undone.
 */
export function toldOfAction<P extends { id: number }>(
  tiers: readonly (readonly P[])[],
  notice: { tier: number; reminder: number; owner?: ActionOwner | undefined },
  owners: readonly P[],
): ToldTier<P>[] {
  if (notice.reminder === 0 || notice.owner === undefined) {
    const tier = peopledTier(tiers, notice.tier);
    return [{ tier, people: tiers[tier - 1] ?? [] }];
  }
  const { firstTier } = notice.owner;
  const told: ToldTier<P>[] = [{ tier: firstTier - 1, people: owners }];
  const reached = new Set<number>();
  for (let tier = firstTier; tier <= notice.tier; tier += 1) reached.add(peopledTier(tiers, tier));
  for (const tier of [...reached].sort()) told.push({ tier, people: tiers[tier - 1] ?? [] });
  const seen = new Set<number>();
  return told.map(({ tier, people }) => ({
    tier,
    people: people.filter((person) => !seen.has(person.id) && seen.add(person.id)),
  }));
}
