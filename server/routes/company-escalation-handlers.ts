import { escalationProblem } from '../../domain/escalation-settings.ts';
import { HttpError } from '../http-error.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { CompanyEscalationRecord } from '../repositories/company-escalation-repository.ts';
import type { Handlers, Schemas } from '../contract-types.ts';
import { companyToManage, companyToRead } from './company-scope.ts';

type Services = Pick<RouteServices, 'companies' | 'companyEscalation'>;

const settingsDto = (settings: {
  tier2Minutes: number;
  tier3Minutes: number;
  reminderMinutes: number | null;
}): Schemas['EscalationSettings'] => ({
  tier2_minutes: settings.tier2Minutes,
  tier3_minutes: settings.tier3Minutes,
  reminder_minutes: settings.reminderMinutes,
});

const escalationDto = (record: CompanyEscalationRecord): Schemas['CompanyEscalation'] => ({
  company_id: record.companyId,
  ...settingsDto(record),
  custom: record.custom,
  defaults: settingsDto(record.defaults),
});

/**
 * A company's escalation tiers and reminders (decision 069): its users read them, its
 * administrators and platform staff write them, another company's id is an unknown one
 * (decision 040), as its contact groups and rules.
 */
export function companyEscalationHandlers(
  services: Services,
): Handlers<'getCompanyEscalation' | 'updateCompanyEscalation' | 'resetCompanyEscalation'> {
  const { companyEscalation } = services;
  return {
    async getCompanyEscalation(request) {
      await companyToRead(services, request, request.params.id);
      return escalationDto(await companyEscalation.find(request.params.id));
    },

    async updateCompanyEscalation(request) {
      const companyId = request.params.id;
      await companyToManage(services, request, companyId);
      const settings = {
        tier2Minutes: request.body.tier2_minutes,
        tier3Minutes: request.body.tier3_minutes,
        reminderMinutes: request.body.reminder_minutes,
      };
      const problem = escalationProblem(settings);
      if (problem) throw new HttpError(400, problem);
      return escalationDto(await companyEscalation.set(companyId, settings));
    },

    async resetCompanyEscalation(request) {
      const companyId = request.params.id;
      await companyToManage(services, request, companyId);
      return escalationDto(await companyEscalation.reset(companyId));
    },
  };
}
