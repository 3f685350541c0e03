import { notFound } from '../http-error.ts';
import { viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';

/**
 * The tension of a bridge's cables (decision 079): whoever sees the bridge reads it, as its
 * modes; another company's bridge answers as an unknown one (decision 040).
 */
export function cableTensionHandlers(
  services: Pick<RouteServices, 'cableTensions' | 'bridges' | 'alerts'>,
): Handlers<'getCableTensions'> {
  const { cableTensions, bridges, alerts } = services;
  return {
    async getCableTensions(request) {
      const { id } = request.params;
      if (!(await bridges.findById(id)) || !(await alerts.bridgeIsVisible(viewerOf(request), id))) {
        throw notFound('Bridge', id);
      }
      return cableTensions.ofBridge(id);
    },
  };
}
