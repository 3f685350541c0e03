import { HttpError, notFound } from '../http-error.ts';
import type { AdminScope } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { TenantRecord } from '../repositories/tenancy-repository.ts';

/** The answer for a path id that does not exist ('Span 7 not found'). */
export const hiddenAs = (what: string) => (id: number) => notFound(what, id);

/** The answer for a body field naming a record that does not exist ('bridge: no bridge with id 7'). */
export const noSuch = (field: string, noun: string) => (id: number) =>
  new HttpError(400, `${field}: no ${noun} with id ${id}`);

/**
 * A company administrator reaching another company's record gets exactly the answer a record
 * that does not exist gives (`hidden`), so ids of other companies reveal nothing (decision 040).
 * A missing record passes: the handler answers for it as it always has.
 */
export async function assertInScope(
  services: Pick<RouteServices, 'tenancy'>,
  scope: AdminScope,
  record: TenantRecord,
  ids: number | readonly number[],
  hidden: (id: number) => HttpError,
): Promise<void> {
  if (scope.companyId === null) return;
  for (const id of typeof ids === 'number' ? [ids] : ids) {
    const owner = await services.tenancy.ownerOf(record, id);
    if (owner !== undefined && owner !== scope.companyId) throw hidden(id);
  }
}
