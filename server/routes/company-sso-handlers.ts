import { notFound } from '../http-error.ts';
import { type AdminScope, requireAdmin } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';
import { companySsoChange, companySsoDto } from './company-sso-fields.ts';

type Services = Pick<RouteServices, 'companies' | 'companySso' | 'secretBox'>;

/**
 * A company's single sign-on settings: platform staff for any company, a company administrator
 * for its own; another company's id gets the answer an unknown one gets (decision 040).
 */
async function companyInScope(services: Services, scope: AdminScope, id: number) {
  const company = await services.companies.findById(id);
  if (!company || (scope.companyId !== null && scope.companyId !== id)) {
    throw notFound('Company', id);
  }
  return company;
}

export function companySsoHandlers(
  services: Services,
): Handlers<'getCompanySso' | 'updateCompanySso'> {
  return {
    async getCompanySso(request) {
      const { id } = request.params;
      await companyInScope(services, requireAdmin(request), id);
      return companySsoDto(id, await services.companySso.find(id));
    },

    async updateCompanySso(request) {
      const { id } = request.params;
      await companyInScope(services, requireAdmin(request), id);
      const stored = await services.companySso.find(id);
      const change = companySsoChange(request.body, stored, services.secretBox);
      return companySsoDto(id, await services.companySso.save(id, change));
    },
  };
}
