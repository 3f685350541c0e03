import { asc, eq } from 'drizzle-orm';
import {
  ADMINISTRATORS_OWNER,
  PLAN_LEVELS,
  type PlanAction,
  type PlanLevel,
  type ResponsePlanInput,
} from '../../domain/response-plan.ts';
import type { Db } from '../db/client.ts';
import { bridges, contactGroups, responsePlanActions } from '../db/schema.ts';

export interface StoredPlanAction extends PlanAction {
  /** The group's name, or 'Company administrators' when none is named (or it was deleted). */
  ownerName: string;
}

export type ResponsePlanRecord = Record<PlanLevel, StoredPlanAction[]>;

/**
 * Each bridge's trigger-action-response plan (decision 077). Writes go through the audited
 * transaction of the request; the table's trigger logs them as the bridge's.
 */
export function createResponsePlansRepository(db: Db) {
  return {
    async ofBridge(bridgeId: number): Promise<ResponsePlanRecord> {
      const rows = await db
        .select({
          level: responsePlanActions.level,
          text: responsePlanActions.text,
          dueHours: responsePlanActions.dueHours,
          ownerGroupId: responsePlanActions.ownerGroupId,
          reminderMinutes: responsePlanActions.reminderMinutes,
          groupName: contactGroups.name,
        })
        .from(responsePlanActions)
        .leftJoin(contactGroups, eq(contactGroups.id, responsePlanActions.ownerGroupId))
        .where(eq(responsePlanActions.bridgeId, bridgeId))
        .orderBy(asc(responsePlanActions.level), asc(responsePlanActions.position));
      const plan: ResponsePlanRecord = { amber: [], red: [] };
      for (const row of rows) {
        plan[row.level].push({
          text: row.text,
          dueHours: row.dueHours,
          ownerGroupId: row.ownerGroupId,
          reminderMinutes: row.reminderMinutes,
          ownerName: row.groupName ?? ADMINISTRATORS_OWNER,
        });
      }
      return plan;
    },

    /** The ids of the contact groups of the bridge's company: the owners a plan may name. */
    async ownerGroupsOf(bridgeId: number): Promise<Set<number>> {
      const rows = await db
        .select({ id: contactGroups.id })
        .from(contactGroups)
        .innerJoin(bridges, eq(bridges.companyId, contactGroups.companyId))
        .where(eq(bridges.id, bridgeId));
      return new Set(rows.map((row) => row.id));
    },

    /** Replaces the plan; the caller has checked it (responsePlanProblem). */
    async replace(bridgeId: number, plan: ResponsePlanInput): Promise<ResponsePlanRecord> {
      await db.delete(responsePlanActions).where(eq(responsePlanActions.bridgeId, bridgeId));
      const rows = PLAN_LEVELS.flatMap((level) =>
        plan[level].map((action, position) => ({
          bridgeId,
          level,
          position,
          text: action.text.trim(),
          dueHours: action.dueHours,
          ownerGroupId: action.ownerGroupId,
          reminderMinutes: action.reminderMinutes,
        })),
      );
      if (rows.length > 0) await db.insert(responsePlanActions).values(rows);
      return this.ofBridge(bridgeId);
    },
  };
}

export type ResponsePlansRepository = ReturnType<typeof createResponsePlansRepository>;
