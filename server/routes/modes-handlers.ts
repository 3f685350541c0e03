import { notFound } from '../http-error.ts';
import { viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';

/**
 * The modes identified from all vertical accelerometers together (decision 059): whoever sees
 * the bridge reads them, as its frequency shift; another company's bridge answers as an unknown
 * one (decision 040).
 */
export function modesHandlers(
  services: Pick<RouteServices, 'modes' | 'bridges' | 'alerts'>,
): Handlers<'getBridgeModes'> {
  const { modes, bridges, alerts } = services;
  return {
    async getBridgeModes(request) {
      const { id } = request.params;
      if (!(await bridges.findById(id)) || !(await alerts.bridgeIsVisible(viewerOf(request), id))) {
        throw notFound('Bridge', id);
      }
      return modes.ofBridge(id);
    },
  };
}
