import { viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';
import { alertDeliveryDto } from './alert-delivery-dto.ts';
import { companyToManage } from './company-scope.ts';

type Services = Pick<RouteServices, 'companies' | 'alerts'>;

/** Entries a page holds unless asked otherwise; the contract caps `limit` at 100. */
const DEFAULT_LIMIT = 25;

/**
 * The delivery log across a company's alerts (issue 32): who was told of what, how and how it
 * went. Platform staff read any company's, its administrator their own; others are refused, and
 * another company's id is answered as an unknown one (decision 040).
 */
export function companyDeliveriesHandlers(services: Services): Handlers<'listCompanyDeliveries'> {
  return {
    async listCompanyDeliveries(request) {
      const companyId = request.params.id;
      await companyToManage(services, request, companyId);
      const viewer = viewerOf(request);
      const { limit = DEFAULT_LIMIT, offset = 0, bridge, channel } = request.query;
      const page = await services.alerts.companyDeliveries(companyId, {
        bridgeId: bridge,
        channel,
        limit,
        offset,
      });
      return {
        items: page.items.map((delivery) => ({
          ...alertDeliveryDto(delivery, viewer),
          bridge: delivery.bridgeId,
          bridge_name: delivery.bridgeName,
          alert_type: delivery.alertType,
          severity: delivery.severity,
        })),
        next_offset: page.more ? offset + limit : null,
      };
    },
  };
}
