import { HttpError, notFound } from '../http-error.ts';
import { requireAdmin, viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { SensorStatusChangeRow } from '../repositories/sensor-status-repository.ts';
import { isSensorStatus } from '../../domain/enums.ts';
import type { Handlers, Schemas } from '../contract-types.ts';
import { optionalText } from './text-fields.ts';
import { assertInScope, hiddenAs } from './tenant-scope.ts';

/** A clock a minute ahead of the server's may still say "now". */
const CLOCK_SLACK_MS = 60_000;

export function sensorStatusChangeDto(row: SensorStatusChangeRow): Schemas['SensorStatusChange'] {
  if (!isSensorStatus(row.status)) throw new Error(`stored sensor status '${row.status}'`);
  return {
    id: row.id,
    sensor: row.sensorId,
    status: row.status,
    effective_at: row.effectiveAt.toISOString(),
    changed_by: row.changedBy,
    note: row.note,
    dated: row.dated,
    recorded_at: row.recordedAt.toISOString(),
  };
}

/** The dated history of a sensor's register status (decision 045, 2026-12-03 (g)). */
export function sensorStatusHandlers(
  services: Pick<RouteServices, 'sensorStatus' | 'sensors' | 'alerts' | 'tenancy'>,
): Handlers<'listSensorStatusChanges' | 'changeSensorStatus'> {
  const { sensorStatus, sensors, alerts } = services;

  return {
    async listSensorStatusChanges(request) {
      const sensor = await sensors.findById(request.params.id);
      if (!sensor || !(await alerts.bridgeIsVisible(viewerOf(request), sensor.bridgeId))) {
        throw notFound('Sensor', request.params.id);
      }
      return (await sensorStatus.list(sensor.id)).map(sensorStatusChangeDto);
    },

    async changeSensorStatus(request, reply) {
      const scope = requireAdmin(request);
      const { id } = request.params;
      await assertInScope(services, scope, 'sensor', id, hiddenAs('Sensor'));
      const sensor = await sensors.findById(id);
      if (!sensor) throw notFound('Sensor', id);
      const body = request.body;
      const now = Date.now();
      const effectiveAt = body.effective_at === undefined ? now : Date.parse(body.effective_at);
      if (Number.isNaN(effectiveAt)) {
        throw new HttpError(400, 'effective_at: not a date-time');
      }
      if (effectiveAt > now + CLOCK_SLACK_MS) {
        throw new HttpError(400, 'effective_at: must not be in the future');
      }
      const row = await sensorStatus.change({
        sensorId: sensor.id,
        status: body.status,
        effectiveAt: new Date(effectiveAt),
        note: optionalText(body.note),
      });
      reply.code(201);
      return sensorStatusChangeDto(row);
    },
  };
}
