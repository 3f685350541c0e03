import { MAX_DAILY_MODE_DAYS } from '../analysis/modes-daily.ts';
import { notFound } from '../http-error.ts';
import { viewerOf } from '../plugins/authentication.ts';
import type { Viewer } from '../repositories/visibility.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';
import { dayRange } from './day-range.ts';

/**
 * The modes identified from all vertical accelerometers together (decision 059) and their daily
 * summary (076): whoever sees the bridge reads them, as its frequency shift; another company's
 * bridge answers as an unknown one (decision 040).
 */
export function modesHandlers(
  services: Pick<RouteServices, 'modes' | 'bridges' | 'alerts'>,
): Handlers<'getBridgeModes' | 'getBridgeModesDaily'> {
  const { modes, bridges, alerts } = services;
  const visible = async (viewer: Viewer, id: number) => {
    if (!(await bridges.findById(id)) || !(await alerts.bridgeIsVisible(viewer, id))) {
      throw notFound('Bridge', id);
    }
  };
  return {
    async getBridgeModes(request) {
      await visible(viewerOf(request), request.params.id);
      return modes.ofBridge(request.params.id);
    },
    async getBridgeModesDaily(request) {
      const viewer = viewerOf(request);
      const { from, to } = request.query;
      const range = dayRange(from, to, MAX_DAILY_MODE_DAYS);
      await visible(viewer, request.params.id);
      return { ...(await modes.daily(request.params.id, range.fromMs, range.toMs)), from, to };
    },
  };
}
