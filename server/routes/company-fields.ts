import { HttpError } from '../http-error.ts';
import type { RouteServices } from '../plugins/route-services.ts';

/**
 * Only platform staff move a user into another company: anyone else may respell the company's
 * name, not leave it, so nobody joins a tenant by editing a text field (decision 040).
 */
export async function keepCompany(
  services: Pick<RouteServices, 'companies'>,
  currentCompanyId: number,
  named: string,
): Promise<void> {
  const company = await services.companies.findByName(named);
  if (company?.id !== currentCompanyId) {
    throw new HttpError(400, 'company: only platform staff place a user in another company');
  }
}
