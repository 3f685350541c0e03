import type { FastifyRequest } from 'fastify';
import { notFound } from '../http-error.ts';
import { requireAdmin, viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { CompanyRow } from '../repositories/companies-repository.ts';

type Services = Pick<RouteServices, 'companies'>;

/**
 * A company named in the path that the caller may change: platform staff any, a company
 * administrator their own. Another company's id gets the answer an unknown one gets, so ids reveal
 * nothing (decision 040); a caller who administers nothing gets requireAdmin's refusal.
 */
export async function companyToManage(
  services: Services,
  request: FastifyRequest,
  id: number,
): Promise<CompanyRow> {
  const scope = requireAdmin(request);
  const company = await services.companies.findById(id);
  if (!company || (scope.companyId !== null && scope.companyId !== id)) {
    throw notFound('Company', id);
  }
  return company;
}

/** A company named in the path that the caller may read: platform staff any, anyone else their own. */
export async function companyToRead(
  services: Services,
  request: FastifyRequest,
  id: number,
): Promise<CompanyRow> {
  const own = viewerOf(request).isStaff || request.user?.companyId === id;
  const company = own ? await services.companies.findById(id) : undefined;
  if (!company) throw notFound('Company', id);
  return company;
}
