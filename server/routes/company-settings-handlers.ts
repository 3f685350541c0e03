import { notFound } from '../http-error.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';
import { companySettingsChange, companySettingsDto } from './company-settings-fields.ts';
import { companyToManage } from './company-scope.ts';

type Services = Pick<RouteServices, 'companies' | 'companySettings'>;

/**
 * A company's own settings (issue 33, decision 063): platform staff for any company, a company
 * administrator for its own; another company's id answers as an unknown one (company-scope.ts).
 */
export function companySettingsHandlers(
  services: Services,
): Handlers<'getCompanySettings' | 'updateCompanySettings'> {
  return {
    async getCompanySettings(request) {
      const { id } = request.params;
      await companyToManage(services, request, id);
      const row = await services.companySettings.find(id);
      if (!row) throw notFound('Company', id);
      return companySettingsDto(id, row);
    },

    async updateCompanySettings(request) {
      const { id } = request.params;
      const company = await companyToManage(services, request, id);
      const change = companySettingsChange(request.body, company.name);
      const row = await services.companySettings.save(id, change);
      if (!row) throw notFound('Company', id);
      return companySettingsDto(id, row);
    },
  };
}
