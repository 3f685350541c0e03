import type { Db } from '../db/client.ts';
import {
  contactGroupMembers,
  contactGroups,
  notificationRules,
  responsePlanActions,
  rotaMembers,
  rotas,
} from '../db/schema.ts';
import { FLEET_TIME_ZONE } from './demo-companies.ts';

/** The names a company administrator sees on User Management (decision 065). */
export const DEMO_CONTACT_GROUP = 'Bridge duty';
export const DEMO_ROTA = 'Weekly on call';

/**
 * The demo's trigger-action-response plan of every bridge (decision 077), the example:
 * a crossing shows on its alert what the level requires, by when and who. Owner null: the
 * company's administrators.
 */
const demoPlan = (groupId: number) =>
  [
    {
      level: 'amber',
      text: 'Inspect the span whose frequency dropped',
      dueHours: 72,
      ownerGroupId: groupId,
    },
    {
      level: 'amber',
      text: 'Tell the engineer of record of the shift',
      dueHours: 24,
      ownerGroupId: null,
    },
    { level: 'red', text: 'Restrict traffic to one lane', dueHours: 2, ownerGroupId: groupId },
    { level: 'red', text: 'Call the engineer of record', dueHours: 1, ownerGroupId: null },
  ] as const;

/**
 * The demo company's default notification policy (issue 32, decision 065): a contact group of
 * its users, a weekly on-call rota of the same people, and one rule sending every High and
 * Critical alert of every bridge to the group by email and text at tier 1, and a response plan for each
 * of `bridgeIds`. Written in the seed's transaction, so it exists exactly when the demo does and
 * a restart never adds it again.
 */
export async function seedDemoPolicy(
  tx: Db,
  companyId: number,
  members: readonly number[],
  bridgeIds: readonly number[] = [],
): Promise<void> {
  const [group] = await tx
    .insert(contactGroups)
    .values({ companyId, name: DEMO_CONTACT_GROUP })
    .returning();
  if (!group) throw new Error('the demo contact group was not created');
  await tx
    .insert(contactGroupMembers)
    .values(members.map((userId) => ({ groupId: group.id, userId })));
  const plan = demoPlan(group.id);
  if (bridgeIds.length > 0) {
    await tx.insert(responsePlanActions).values(
      bridgeIds.flatMap((bridgeId) =>
        plan.map((action) => ({
          bridgeId,
          ...action,
          position: plan.filter((other) => other.level === action.level).indexOf(action),
        })),
      ),
    );
  }
  await tx.insert(notificationRules).values({
    companyId,
    bridgeId: null,
    alertTypes: null,
    minSeverity: 'High',
    groupId: group.id,
    // Texts only when the SMS provider is configured, and only High and Critical (decision 065).
    channels: ['email', 'sms'],
    tier: 1,
  });
  const [rota] = await tx
    .insert(rotas)
    .values({
      companyId,
      name: DEMO_ROTA,
      rotation: 'weekly',
      // Monday mornings on the fleet's own clock (the Maritimes), from a Monday long before any
      // demo start, so someone is on call from the first minute.
      handOffTime: '09:00',
      timeZone: FLEET_TIME_ZONE,
      startsOn: '2024-01-01',
    })
    .returning();
  if (!rota) throw new Error('the demo rota was not created');
  await tx
    .insert(rotaMembers)
    .values(members.map((userId, position) => ({ rotaId: rota.id, position, userId })));
}
