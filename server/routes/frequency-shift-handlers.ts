import { notFound } from '../http-error.ts';
import { viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';

/**
 * The compensated shift against the accepted reference, per mode, with its latched trigger
 * levels (decision 051): whoever sees the bridge reads it; another company's bridge answers as
 * an unknown one, so ids reveal nothing (decision 040).
 */
export function frequencyShiftHandlers(
  services: Pick<RouteServices, 'referenceShift' | 'bridges' | 'alerts' | 'analysisSettings'>,
): Handlers<'getFrequencyShift'> {
  const { referenceShift, bridges, alerts, analysisSettings } = services;
  return {
    async getFrequencyShift(request) {
      const { id } = request.params;
      if (!(await bridges.findById(id)) || !(await alerts.bridgeIsVisible(viewerOf(request), id))) {
        throw notFound('Bridge', id);
      }
      const settings = await analysisSettings.ofBridge(id);
      return referenceShift.ofBridge(id, {
        amber_percent: settings.amberPercent,
        red_percent: settings.redPercent,
      });
    },
  };
}
