import { viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';
import { companySsoChange, companySsoDto } from './company-sso-fields.ts';
import { companyToManage } from './company-scope.ts';

type Services = Pick<RouteServices, 'companies' | 'companySso' | 'secretBox'>;

/**
 * The companies a caller may name, and a company's single sign-on settings: platform staff for
 * any company, a company administrator for its own (company-scope.ts).
 */
export function companySsoHandlers(
  services: Services,
): Handlers<'listCompanies' | 'getCompanySso' | 'updateCompanySso'> {
  return {
    // Staff choose among all; anyone else learns only their own company's name.
    async listCompanies(request) {
      const viewer = viewerOf(request);
      const own = request.user?.companyId;
      const rows = viewer.isStaff
        ? await services.companies.list()
        : own == null
          ? []
          : [await services.companies.findById(own)].filter((row) => row !== undefined);
      return rows.map((row) => ({ id: row.id, name: row.name }));
    },

    async getCompanySso(request) {
      const { id } = request.params;
      await companyToManage(services, request, id);
      return companySsoDto(id, await services.companySso.find(id));
    },

    async updateCompanySso(request) {
      const { id } = request.params;
      await companyToManage(services, request, id);
      const stored = await services.companySso.find(id);
      const change = companySsoChange(request.body, stored, services.secretBox);
      return companySsoDto(id, await services.companySso.save(id, change));
    },
  };
}
