import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Threat } from '../../domain/health.ts';
import type { RuleChannel } from '../../domain/notification-rules.ts';
import type { Db } from '../db/client.ts';
import { bridges, contactGroupMembers, contactGroups, notificationRules } from '../db/schema.ts';

export interface ContactGroupInput {
  name: string;
  members: readonly number[];
}

export interface ContactGroupRecord extends ContactGroupInput {
  id: number;
  companyId: number;
  members: number[];
}

export interface NotificationRuleInput {
  bridgeId: number | null;
  alertTypes: readonly string[] | null;
  minSeverity: Threat;
  groupId: number;
  channels: readonly RuleChannel[];
  tier: number;
}

export interface NotificationRuleRecord extends NotificationRuleInput {
  id: number;
  companyId: number;
}

type RuleRow = typeof notificationRules.$inferSelect;

const ruleOf = (row: RuleRow): NotificationRuleRecord => ({
  id: row.id,
  companyId: row.companyId,
  bridgeId: row.bridgeId,
  alertTypes: row.alertTypes,
  minSeverity: row.minSeverity,
  groupId: row.groupId,
  channels: row.channels as RuleChannel[],
  tier: row.tier,
});

/**
 * The rules of these companies with the members of the groups they name: what an alert's
 * delivery plan needs (decision 060), read in two bounded queries.
 */
export async function routingOf(
  db: Db,
  companyIds: readonly number[],
): Promise<{ rule: NotificationRuleRecord; members: number[] }[]> {
  if (companyIds.length === 0) return [];
  const rules = await db
    .select()
    .from(notificationRules)
    .where(inArray(notificationRules.companyId, [...companyIds]))
    .orderBy(asc(notificationRules.id));
  if (rules.length === 0) return [];
  const members = await db
    .select()
    .from(contactGroupMembers)
    .where(inArray(contactGroupMembers.groupId, [...new Set(rules.map((r) => r.groupId))]))
    .orderBy(asc(contactGroupMembers.userId));
  return rules.map((row) => ({
    rule: ruleOf(row),
    members: members.filter((m) => m.groupId === row.groupId).map((m) => m.userId),
  }));
}

/** A company's contact groups and notification rules. */
export function createContactGroupsRepository(db: Db) {
  async function completeGroups(
    rows: (typeof contactGroups.$inferSelect)[],
  ): Promise<ContactGroupRecord[]> {
    if (rows.length === 0) return [];
    const members = await db
      .select()
      .from(contactGroupMembers)
      .where(
        inArray(
          contactGroupMembers.groupId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(contactGroupMembers.userId));
    return rows.map((row) => ({
      id: row.id,
      companyId: row.companyId,
      name: row.name,
      members: members.filter((m) => m.groupId === row.id).map((m) => m.userId),
    }));
  }

  async function writeMembers(groupId: number, members: readonly number[]): Promise<void> {
    await db.delete(contactGroupMembers).where(eq(contactGroupMembers.groupId, groupId));
    if (members.length === 0) return;
    await db
      .insert(contactGroupMembers)
      .values([...new Set(members)].map((userId) => ({ groupId, userId })));
  }

  const ruleFields = (input: NotificationRuleInput) => ({
    bridgeId: input.bridgeId,
    alertTypes: input.alertTypes === null ? null : [...input.alertTypes],
    minSeverity: input.minSeverity,
    groupId: input.groupId,
    channels: [...input.channels],
    tier: input.tier,
  });

  return {
    async listGroups(companyId: number): Promise<ContactGroupRecord[]> {
      const rows = await db
        .select()
        .from(contactGroups)
        .where(eq(contactGroups.companyId, companyId))
        .orderBy(asc(contactGroups.id));
      return completeGroups(rows);
    },

    async findGroup(groupId: number): Promise<ContactGroupRecord | undefined> {
      const rows = await db.select().from(contactGroups).where(eq(contactGroups.id, groupId));
      return (await completeGroups(rows))[0];
    },

    async groupCount(companyId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(contactGroups)
        .where(eq(contactGroups.companyId, companyId));
      return row?.n ?? 0;
    },

    async createGroup(companyId: number, input: ContactGroupInput): Promise<ContactGroupRecord> {
      const [row] = await db
        .insert(contactGroups)
        .values({ companyId, name: input.name })
        .returning();
      if (!row) throw new Error('the contact group was not stored');
      await writeMembers(row.id, input.members);
      return { id: row.id, companyId, name: row.name, members: [...new Set(input.members)] };
    },

    async updateGroup(
      groupId: number,
      input: ContactGroupInput,
    ): Promise<ContactGroupRecord | undefined> {
      const changed = await db
        .update(contactGroups)
        .set({ name: input.name })
        .where(eq(contactGroups.id, groupId))
        .returning({ id: contactGroups.id });
      if (changed.length === 0) return undefined;
      await writeMembers(groupId, input.members);
      return this.findGroup(groupId);
    },

    /** Removes the group and, with it, the rules that send to it. */
    async removeGroup(groupId: number): Promise<void> {
      await db.delete(contactGroups).where(eq(contactGroups.id, groupId));
    },

    async listRules(companyId: number): Promise<NotificationRuleRecord[]> {
      const rows = await db
        .select()
        .from(notificationRules)
        .where(eq(notificationRules.companyId, companyId))
        .orderBy(asc(notificationRules.id));
      return rows.map(ruleOf);
    },

    async findRule(ruleId: number): Promise<NotificationRuleRecord | undefined> {
      const [row] = await db
        .select()
        .from(notificationRules)
        .where(eq(notificationRules.id, ruleId));
      return row ? ruleOf(row) : undefined;
    },

    async ruleCount(companyId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notificationRules)
        .where(eq(notificationRules.companyId, companyId));
      return row?.n ?? 0;
    },

    async createRule(
      companyId: number,
      input: NotificationRuleInput,
    ): Promise<NotificationRuleRecord> {
      const [row] = await db
        .insert(notificationRules)
        .values({ companyId, ...ruleFields(input) })
        .returning();
      if (!row) throw new Error('the notification rule was not stored');
      return ruleOf(row);
    },

    async updateRule(
      ruleId: number,
      input: NotificationRuleInput,
    ): Promise<NotificationRuleRecord | undefined> {
      const [row] = await db
        .update(notificationRules)
        .set(ruleFields(input))
        .where(eq(notificationRules.id, ruleId))
        .returning();
      return row ? ruleOf(row) : undefined;
    },

    async removeRule(ruleId: number): Promise<void> {
      await db.delete(notificationRules).where(eq(notificationRules.id, ruleId));
    },

    /** The company owning a bridge, or undefined when there is no such bridge. */
    async bridgeCompany(bridgeId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ companyId: bridges.companyId })
        .from(bridges)
        .where(eq(bridges.id, bridgeId));
      return row?.companyId;
    },
  };
}

export type ContactGroupsRepository = ReturnType<typeof createContactGroupsRepository>;
