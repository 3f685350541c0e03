import { HttpError, notFound } from '../http-error.ts';
import { requireStaff, viewerOf } from '../plugins/authentication.ts';
import { type AnalysisSettings } from '../repositories/analysis-settings-repository.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers, Schemas } from '../contract-types.ts';

function settingsDto(settings: AnalysisSettings): Schemas['AnalysisSettings'] {
  return {
    bridge: settings.bridgeId,
    amber_percent: settings.amberPercent,
    red_percent: settings.redPercent,
    target_false_alarm_rate: settings.targetFalseAlarmRate,
    stored: settings.updatedAt !== null,
    updated_at: settings.updatedAt?.toISOString() ?? null,
  };
}

/**
 * A bridge's trigger levels and alarm rate (docs/decisions/025-physical-trigger-levels.md):
 * whoever sees the bridge reads them, staff change them. The audit trigger of migration 0015
 * writes each change into the bridge's history.
 */
export function analysisSettingsHandlers(
  services: Pick<RouteServices, 'analysisSettings' | 'bridges' | 'alerts'>,
): Handlers<'getAnalysisSettings' | 'setAnalysisSettings'> {
  const settings = services.analysisSettings;
  const { bridges, alerts } = services;
  return {
    async getAnalysisSettings(request) {
      const { id } = request.params;
      // An invisible bridge answers like an unknown one, so ids do not leak.
      if (!(await bridges.findById(id)) || !(await alerts.bridgeIsVisible(viewerOf(request), id))) {
        throw notFound('Bridge', id);
      }
      return settingsDto(await settings.ofBridge(id));
    },

    async setAnalysisSettings(request) {
      requireStaff(request);
      const { id } = request.params;
      if (!(await bridges.findById(id))) throw notFound('Bridge', id);
      const body = request.body;
      // The contract bounds each field; their order is a rule across the two levels.
      if (body.red_percent > body.amber_percent) {
        throw new HttpError(
          400,
          `red_percent: ${body.red_percent} must be at or below amber_percent (${body.amber_percent})`,
        );
      }
      const saved = await settings.save({
        bridgeId: id,
        amberPercent: body.amber_percent,
        redPercent: body.red_percent,
        targetFalseAlarmRate: body.target_false_alarm_rate,
      });
      return settingsDto(saved);
    },
  };
}
