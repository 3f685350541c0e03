import {
  MAX_CONTACT_GROUPS,
  MAX_NOTIFICATION_RULES,
  ruleProblem,
} from '../../domain/notification-rules.ts';
import { HttpError, notFound } from '../http-error.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type {
  ContactGroupInput,
  ContactGroupRecord,
  NotificationRuleInput,
  NotificationRuleRecord,
} from '../repositories/contact-groups-repository.ts';
import type { BodyOf, Handlers, Schemas } from '../contract-types.ts';
import { companyToManage, companyToRead } from './company-scope.ts';

type Services = Pick<RouteServices, 'companies' | 'contactGroups' | 'rotas'>;

const groupDto = (group: ContactGroupRecord): Schemas['ContactGroup'] => ({
  id: group.id,
  company_id: group.companyId,
  name: group.name,
  members: [...group.members],
});

const ruleDto = (rule: NotificationRuleRecord): Schemas['NotificationRule'] => ({
  id: rule.id,
  company_id: rule.companyId,
  bridge_id: rule.bridgeId,
  alert_types: rule.alertTypes === null ? null : ([...rule.alertTypes] as Schemas['AlertType'][]),
  min_severity: rule.minSeverity,
  group_id: rule.groupId,
  channels: [...rule.channels],
  tier: rule.tier,
});

const ruleInputOf = (body: BodyOf<'createNotificationRule'>): NotificationRuleInput => ({
  bridgeId: body.bridge_id,
  alertTypes: body.alert_types,
  minSeverity: body.min_severity,
  groupId: body.group_id,
  channels: body.channels,
  tier: body.tier ?? 1,
});

/**
 * Contact groups and notification rules (decision 060): the company's users read them, its
 * administrators and platform staff write them; another company's id, group or rule is answered
 * as an unknown one (decision 040).
 */
export function contactGroupsHandlers(
  services: Services,
): Handlers<
  | 'listContactGroups'
  | 'createContactGroup'
  | 'updateContactGroup'
  | 'deleteContactGroup'
  | 'listNotificationRules'
  | 'createNotificationRule'
  | 'updateNotificationRule'
  | 'deleteNotificationRule'
> {
  const { contactGroups } = services;

  /** A group of the company's own people, or a 400 naming the member. */
  async function checkedGroup(
    companyId: number,
    body: BodyOf<'createContactGroup'>,
  ): Promise<ContactGroupInput> {
    const name = body.name.trim();
    if (name === '') throw new HttpError(400, 'name: give the group a name');
    if (new Set(body.members).size !== body.members.length) {
      throw new HttpError(400, 'members: each member once');
    }
    const known = await services.rotas.peopleOf(body.members);
    const stranger = body.members.find((id) => known.get(id)?.companyId !== companyId);
    if (stranger !== undefined) {
      throw new HttpError(400, `members: no user with id ${stranger} in this company`);
    }
    return { name, members: body.members };
  }

  /** A rule of the company's own bridge and group, or a 400 naming the field. */
  async function checkedRule(
    companyId: number,
    body: BodyOf<'createNotificationRule'>,
  ): Promise<NotificationRuleInput> {
    const input = ruleInputOf(body);
    const problem = ruleProblem(input);
    if (problem) throw new HttpError(400, problem);
    if (input.bridgeId !== null) {
      if ((await contactGroups.bridgeCompany(input.bridgeId)) !== companyId) {
        throw new HttpError(400, `bridge_id: no bridge with id ${input.bridgeId} in this company`);
      }
    }
    const group = await contactGroups.findGroup(input.groupId);
    if (group?.companyId !== companyId) {
      throw new HttpError(
        400,
        `group_id: no contact group with id ${input.groupId} in this company`,
      );
    }
    return input;
  }

  async function groupOf(companyId: number, groupId: number): Promise<ContactGroupRecord> {
    const group = await contactGroups.findGroup(groupId);
    if (group?.companyId !== companyId) throw notFound('Contact group', groupId);
    return group;
  }

  async function ruleOf(companyId: number, ruleId: number): Promise<NotificationRuleRecord> {
    const rule = await contactGroups.findRule(ruleId);
    if (rule?.companyId !== companyId) throw notFound('Notification rule', ruleId);
    return rule;
  }

  return {
    async listContactGroups(request) {
      await companyToRead(services, request, request.params.id);
      return (await contactGroups.listGroups(request.params.id)).map(groupDto);
    },

    async createContactGroup(request, reply) {
      const companyId = request.params.id;
      await companyToManage(services, request, companyId);
      const input = await checkedGroup(companyId, request.body);
      if ((await contactGroups.groupCount(companyId)) >= MAX_CONTACT_GROUPS) {
        throw new HttpError(400, `name: a company keeps at most ${MAX_CONTACT_GROUPS} groups`);
      }
      reply.code(201);
      return groupDto(await contactGroups.createGroup(companyId, input));
    },

    async updateContactGroup(request) {
      const { id: companyId, groupId } = request.params;
      await companyToManage(services, request, companyId);
      await groupOf(companyId, groupId);
      const input = await checkedGroup(companyId, request.body);
      const stored = await contactGroups.updateGroup(groupId, input);
      if (!stored) throw notFound('Contact group', groupId);
      return groupDto(stored);
    },

    async deleteContactGroup(request, reply) {
      const { id: companyId, groupId } = request.params;
      await companyToManage(services, request, companyId);
      await groupOf(companyId, groupId);
      await contactGroups.removeGroup(groupId);
      return reply.code(204).send();
    },

    async listNotificationRules(request) {
      await companyToRead(services, request, request.params.id);
      return (await contactGroups.listRules(request.params.id)).map(ruleDto);
    },

    async createNotificationRule(request, reply) {
      const companyId = request.params.id;
      await companyToManage(services, request, companyId);
      const input = await checkedRule(companyId, request.body);
      if ((await contactGroups.ruleCount(companyId)) >= MAX_NOTIFICATION_RULES) {
        throw new HttpError(
          400,
          `group_id: a company keeps at most ${MAX_NOTIFICATION_RULES} notification rules`,
        );
      }
      reply.code(201);
      return ruleDto(await contactGroups.createRule(companyId, input));
    },

    async updateNotificationRule(request) {
      const { id: companyId, ruleId } = request.params;
      await companyToManage(services, request, companyId);
      await ruleOf(companyId, ruleId);
      const stored = await contactGroups.updateRule(
        ruleId,
        await checkedRule(companyId, request.body),
      );
      if (!stored) throw notFound('Notification rule', ruleId);
      return ruleDto(stored);
    },

    async deleteNotificationRule(request, reply) {
      const { id: companyId, ruleId } = request.params;
      await companyToManage(services, request, companyId);
      await ruleOf(companyId, ruleId);
      await contactGroups.removeRule(ruleId);
      return reply.code(204).send();
    },
  };
}
