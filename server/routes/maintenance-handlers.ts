import { latestToday } from '../../domain/calendar.ts';
import { OUT_OF_SERVICE_MAX_DAYS, SENSOR_KINDS } from '../../domain/maintenance.ts';
import { HttpError, notFound } from '../http-error.ts';
import { type MaintenanceRow } from '../maintenance/maintenance-repository.ts';
import { requireStaff, viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers, Schemas } from '../contract-types.ts';
import { optionalText } from './text-fields.ts';

export function maintenanceDto(row: MaintenanceRow): Schemas['MaintenanceEvent'] {
  return {
    id: row.id,
    bridge: row.bridgeId,
    occurred_on: row.occurredOn,
    kind: row.kind as Schemas['MaintenanceKind'],
    sensor: row.sensorId,
    span: row.spanId,
    note: row.note,
    out_of_service:
      row.outOfServiceFrom && row.outOfServiceUntil
        ? { from: row.outOfServiceFrom.toISOString(), to: row.outOfServiceUntil.toISOString() }
        : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The maintenance register of a bridge (docs/decisions/023-maintenance-rebaselining.md). */
export function maintenanceHandlers(
  services: Pick<RouteServices, 'maintenance' | 'bridges' | 'alerts'>,
  now: () => Date = () => new Date(),
): Handlers<'listMaintenanceEvents' | 'createMaintenanceEvent' | 'deleteMaintenanceEvent'> {
  const { maintenance, bridges, alerts } = services;

  /** Refuses a sensor or span that is not on this bridge, naming the field. */
  async function checkPart(field: 'sensor' | 'span', id: number, bridgeId: number) {
    if (!(await maintenance.partIsOnBridge(field, id, bridgeId))) {
      throw new HttpError(400, `${field}: ${field} ${id} is not on bridge ${bridgeId}`);
    }
  }

  return {
    async listMaintenanceEvents(request) {
      const bridge = await bridges.findById(request.params.id);
      if (!bridge || !(await alerts.bridgeIsVisible(viewerOf(request), bridge.id))) {
        throw notFound('Bridge', request.params.id);
      }
      return (await maintenance.list(bridge.id)).map(maintenanceDto);
    },

    async createMaintenanceEvent(request, reply) {
      requireStaff(request);
      const bridge = await bridges.findById(request.params.id);
      if (!bridge) throw notFound('Bridge', request.params.id);
      const body = request.body;
      // Today somewhere: a date typed east of UTC may be UTC's tomorrow.
      const today = latestToday(now());
      if (body.occurred_on > today) {
        throw new HttpError(400, `occurred_on: must not be after today (${today})`);
      }
      if (bridge.constructionDate && body.occurred_on < bridge.constructionDate) {
        throw new HttpError(
          400,
          `occurred_on: must not be before the bridge's construction date (${bridge.constructionDate})`,
        );
      }
      const sensorId = body.sensor ?? null;
      const spanId = body.span ?? null;
      if (sensorId === null && SENSOR_KINDS.includes(body.kind)) {
        throw new HttpError(400, 'sensor: required for a sensor re-zero or replacement');
      }
      if (sensorId !== null) await checkPart('sensor', sensorId, bridge.id);
      if (spanId !== null) await checkPart('span', spanId, bridge.id);
      const window = outOfServiceOf(body.out_of_service);
      const row = await maintenance.add({
        bridgeId: bridge.id,
        occurredOn: body.occurred_on,
        kind: body.kind,
        sensorId,
        spanId,
        note: optionalText(body.note),
        outOfServiceFrom: window?.from ?? null,
        outOfServiceUntil: window?.to ?? null,
      });
      const cleared = await alerts.clearForMaintenance(
        {
          bridgeId: bridge.id,
          kind: body.kind,
          occurredOn: row.occurredOn,
          sensorId,
          note: row.note,
        },
        now(),
      );
      reply.code(201);
      return { ...maintenanceDto(row), cleared_alerts: cleared };
    },

    async deleteMaintenanceEvent(request, reply) {
      requireStaff(request);
      const bridge = await bridges.findById(request.params.id);
      if (!bridge) throw notFound('Bridge', request.params.id);
      if (!(await maintenance.remove(bridge.id, request.params.eventId))) {
        throw notFound('Maintenance event', request.params.eventId);
      }
      return reply.code(204).send();
    },
  };
}

const MAX_OUT_OF_SERVICE_MS = OUT_OF_SERVICE_MAX_DAYS * 24 * 3600_000;

/** The out-of-service window of the request (decision 055), checked, or null. */
function outOfServiceOf(
  window: { from: string; to: string } | null | undefined,
): { from: Date; to: Date } | null {
  if (!window) return null;
  const from = new Date(window.from);
  const to = new Date(window.to);
  if (Number.isNaN(from.getTime())) {
    throw new HttpError(400, 'out_of_service.from: must be a date and time');
  }
  if (Number.isNaN(to.getTime())) {
    throw new HttpError(400, 'out_of_service.to: must be a date and time');
  }
  if (to <= from) throw new HttpError(400, 'out_of_service.to: must be after out_of_service.from');
  if (to.getTime() - from.getTime() > MAX_OUT_OF_SERVICE_MS) {
    throw new HttpError(
      400,
      `out_of_service.to: the window may last at most ${OUT_OF_SERVICE_MAX_DAYS} days`,
    );
  }
  return { from, to };
}
