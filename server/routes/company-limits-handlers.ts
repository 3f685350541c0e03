import { notFound } from '../http-error.ts';
import { requireStaff } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { CompanyLimits, CompanyUsage } from '../repositories/company-limits-repository.ts';
import type { Handlers, Schemas } from '../contract-types.ts';
import { companyToManage } from './company-scope.ts';

type Services = Pick<RouteServices, 'companies' | 'companyLimits'>;

const limitsDto = (
  companyId: number,
  row: CompanyLimits & CompanyUsage,
): Schemas['CompanyLimits'] => ({
  company_id: companyId,
  max_bridges: row.maxBridges,
  max_datastreams: row.maxDatastreams,
  ingest_samples_per_minute: row.ingestSamplesPerMinute,
  bridges: row.bridges,
  datastreams: row.datastreams,
});

/**
 * A company's limits (issue 33, decision 058): its administrator reads them beside what the
 * company uses; only platform staff set them, since they are what the company pays for.
 */
export function companyLimitsHandlers(
  services: Services,
): Handlers<'getCompanyLimits' | 'updateCompanyLimits'> {
  return {
    async getCompanyLimits(request) {
      const { id } = request.params;
      await companyToManage(services, request, id);
      const row = await services.companyLimits.find(id);
      if (!row) throw notFound('Company', id);
      return limitsDto(id, row);
    },

    async updateCompanyLimits(request) {
      requireStaff(request);
      const { id } = request.params;
      const body = request.body;
      const row = await services.companyLimits.save(id, {
        maxBridges: body.max_bridges,
        maxDatastreams: body.max_datastreams,
        ingestSamplesPerMinute: body.ingest_samples_per_minute,
      });
      if (!row) throw notFound('Company', id);
      return limitsDto(id, row);
    },
  };
}
