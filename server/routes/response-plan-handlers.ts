import { type PlanLevel, responsePlanProblem } from '../../domain/response-plan.ts';
import { HttpError, notFound } from '../http-error.ts';
import { requireAdmin, viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { ResponsePlanRecord } from '../repositories/response-plans-repository.ts';
import type { Handlers, Schemas } from '../contract-types.ts';
import { assertInScope, hiddenAs } from './tenant-scope.ts';

type Services = Pick<RouteServices, 'responsePlans' | 'bridges' | 'alerts' | 'tenancy'>;

const planDto = (bridge: number, plan: ResponsePlanRecord): Schemas['ResponsePlan'] => {
  const level = (name: PlanLevel) =>
    plan[name].map((action) => ({
      text: action.text,
      due_hours: action.dueHours,
      owner_group: action.ownerGroupId,
      owner_name: action.ownerName,
      reminder_minutes: action.reminderMinutes,
    }));
  return { bridge, amber: level('amber'), red: level('red') };
};

const inputOf = (actions: Schemas['ResponsePlanActionInput'][]) =>
  actions.map((action) => ({
    text: action.text,
    dueHours: action.due_hours,
    ownerGroupId: action.owner_group,
    reminderMinutes: action.reminder_minutes ?? null,
  }));

/**
 * A bridge's trigger-action-response plan (decision 077): whoever sees the bridge reads it,
 * platform staff and the administrators of the bridge's company replace it; another company's
 * bridge answers as an unknown one (decision 040).
 */
export function responsePlanHandlers(
  services: Services,
): Handlers<'getResponsePlan' | 'updateResponsePlan'> {
  const { responsePlans, bridges, alerts } = services;
  return {
    async getResponsePlan(request) {
      const { id } = request.params;
      if (!(await bridges.findById(id)) || !(await alerts.bridgeIsVisible(viewerOf(request), id))) {
        throw notFound('Bridge', id);
      }
      return planDto(id, await responsePlans.ofBridge(id));
    },

    async updateResponsePlan(request) {
      const { id } = request.params;
      await assertInScope(services, requireAdmin(request), 'bridge', id, hiddenAs('Bridge'));
      if (!(await bridges.findById(id))) throw notFound('Bridge', id);
      const plan = { amber: inputOf(request.body.amber), red: inputOf(request.body.red) };
      const problem = responsePlanProblem(plan, await responsePlans.ownerGroupsOf(id));
      if (problem) throw new HttpError(400, problem);
      return planDto(id, await responsePlans.replace(id, plan));
    },
  };
}
