import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { TRIGGER_LEVEL_ALERT } from '../../domain/reference-shift.ts';
import { ADMINISTRATORS_OWNER, type PlanLevel } from '../../domain/response-plan.ts';
import type { Db } from '../db/client.ts';
import { alertActions, users } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import type { Schemas } from '../contract-types.ts';

export type AlertActionDto = Schemas['AlertAction'];

/**
 * Gives the bridge's open 'Trigger level crossed' alert the plan's actions of the levels it has
 * just crossed (decision 077), due `now` + each action's hours. Copied, not referenced: the
 * alert keeps what was required when the level was crossed whatever the plan becomes. One
 * INSERT … SELECT in the raise's transaction; the key (alert, level, position) makes a repeat a
 * no-op.
 */
export async function giveActionsOfCrossing(
  tx: Db,
  bridgeId: number,
  levels: readonly PlanLevel[],
  now: Date,
): Promise<void> {
  if (levels.length === 0) return;
  const levelList = sql.join(
    levels.map((level) => sql`${level}`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into alert_actions (alert_id, level, position, text, owner_group_id, owner_name, due_at, reminder_minutes)
    select a.id, p.level, p.position, p.text, p.owner_group_id, coalesce(g.name, ${ADMINISTRATORS_OWNER}),
           ${now.toISOString()}::timestamptz + p.due_hours * interval '1 hour', p.reminder_minutes
    from alerts a
    join response_plan_actions p on p.bridge_id = a.bridge_id
    left join contact_groups g on g.id = p.owner_group_id
    where a.bridge_id = ${bridgeId} and a.type = ${TRIGGER_LEVEL_ALERT} and a.state <> 'cleared'
      and p.level in (${levelList})
    on conflict (alert_id, level, position) do nothing`);
}

const columns = {
  action: alertActions,
  doneByName: users.username,
};

/** These actions as the contract shows them, whichever alerts they belong to (the bell's). */
export async function actionsWithIds(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, AlertActionDto>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(columns)
    .from(alertActions)
    .leftJoin(users, eq(users.id, alertActions.doneBy))
    .where(inArray(alertActions.id, [...ids]));
  return new Map(rows.map((row) => [row.action.id, actionDto(row)]));
}

function actionDto({
  action,
  doneByName,
}: {
  action: typeof alertActions.$inferSelect;
  doneByName: string | null;
}): AlertActionDto {
  return {
    id: action.id,
    alert: action.alertId,
    level: action.level,
    text: action.text,
    owner_name: action.ownerName,
    due_at: action.dueAt.toISOString(),
    done_at: action.doneAt?.toISOString() ?? null,
    done_by:
      action.doneBy !== null && doneByName !== null
        ? { id: action.doneBy, username: doneByName }
        : null,
    comment: action.doneComment,
  };
}

/** An alert's actions; the caller has checked that the viewer may see the alert. */
export function createAlertActions(db: Db) {
  const read = (alertId: number, actionId?: number) =>
    db
      .select(columns)
      .from(alertActions)
      .leftJoin(users, eq(users.id, alertActions.doneBy))
      .where(
        and(
          eq(alertActions.alertId, alertId),
          actionId === undefined ? undefined : eq(alertActions.id, actionId),
        ),
      )
      .orderBy(asc(alertActions.level), asc(alertActions.position));

  return {
    async ofAlert(alertId: number): Promise<AlertActionDto[]> {
      return (await read(alertId)).map(actionDto);
    },

    /**
     * Ticks the action off once: the condition in the UPDATE makes two simultaneous ticks end
     * with one success and one 409, never two.
     */
    async complete(
      alertId: number,
      actionId: number,
      done: { userId: number; comment: string },
      now: Date,
    ): Promise<AlertActionDto> {
      const updated = await db
        .update(alertActions)
        .set({ doneAt: now, doneBy: done.userId, doneComment: done.comment })
        .where(
          and(
            eq(alertActions.id, actionId),
            eq(alertActions.alertId, alertId),
            isNull(alertActions.doneAt),
          ),
        )
        .returning({ id: alertActions.id });
      const [row] = await read(alertId, actionId);
      if (!row) throw new HttpError(404, `Action ${actionId} of alert ${alertId} not found`);
      if (updated.length === 0) {
        throw new HttpError(409, `Action ${actionId} of alert ${alertId} is already done`);
      }
      return actionDto(row);
    },
  };
}
