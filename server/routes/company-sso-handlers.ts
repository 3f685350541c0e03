import type { AuditedWrite } from '../audit/audited-handlers.ts';
import { HttpError } from '../http-error.ts';
import { viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers, Schemas } from '../contract-types.ts';
import { companySsoChange, companySsoDto } from './company-sso-fields.ts';
import { companyToManage } from './company-scope.ts';

type Services = Pick<RouteServices, 'companies' | 'companySso' | 'secretBox' | 'domainProof'>;

/**
 * The companies a caller may name, and a company's single sign-on settings: platform staff for
 * any company, a company administrator for its own (company-scope.ts).
 */
export function companySsoHandlers(
  services: Services,
  auditedWrite: AuditedWrite,
): Handlers<'listCompanies' | 'getCompanySso' | 'updateCompanySso' | 'verifyCompanySsoDomain'> {
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

    // The look-up runs before the audited transaction opens: a DNS server's 5 s must not hold
    // the database (the embedded one's only connection included). Decision 071.
    async verifyCompanySsoDomain(request) {
      const { id } = request.params;
      const domain = request.params.domain.trim().toLowerCase();
      await companyToManage(services, request, id);
      // The body is optional, which the contract's types read as none.
      const body = request.body as Schemas['CompanySsoDomainVerify'] | undefined;
      const method = body?.method ?? 'dns';
      if (method === 'review' && !viewerOf(request).isStaff) {
        throw new HttpError(403, 'method: only platform staff mark a domain verified by review');
      }
      const claim = (await services.companySso.find(id))?.domains.find(
        (row) => row.domain === domain,
      );
      if (!claim) {
        throw new HttpError(
          404,
          `domain: ${domain} is not one of this company's single sign-on domains`,
        );
      }
      if (method === 'dns') {
        const result = await services.domainProof.check(domain, claim.challenge);
        if (!result.proven) throw new HttpError(result.status, result.detail);
      }
      const marked = await auditedWrite(request, 'verifyCompanySsoDomain', () =>
        services.companySso.markVerified(id, domain, method, request.user?.id ?? null),
      );
      if (!marked) {
        throw new HttpError(409, `domain: ${domain} signs in to another company`);
      }
      return companySsoDto(id, await services.companySso.find(id));
    },
  };
}
