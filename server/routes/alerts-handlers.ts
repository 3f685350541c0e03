import { notFound } from '../http-error.ts';
import { viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers, Schemas } from '../contract-types.ts';
import { alertDeliveryDto } from './alert-delivery-dto.ts';
import { requiredText } from './text-fields.ts';

export function alertsHandlers(
  services: Pick<RouteServices, 'alerts'>,
): Handlers<
  | 'listAlerts'
  | 'readAlert'
  | 'acknowledgeAlert'
  | 'listAlertDeliveries'
  | 'readAcknowledgeLink'
  | 'acknowledgeByLink'
  | 'listAlertActions'
  | 'completeAlertAction'
> {
  const { alerts } = services;
  return {
    async listAlerts(request) {
      const viewer = viewerOf(request);
      const { bridge, state = 'open' } = request.query;
      // An invisible bridge answers like an unknown one, so ids do not leak.
      if (bridge !== undefined && !(await alerts.bridgeIsVisible(viewer, bridge))) {
        throw notFound('Bridge', bridge);
      }
      return alerts.list(viewer, { bridgeId: bridge, state });
    },

    async readAlert(request) {
      const view = await alerts.read(viewerOf(request), request.params.id);
      if (view === null) throw notFound('Alert', request.params.id);
      return view;
    },

    async acknowledgeAlert(request) {
      // The contract has checked presence and length; only spaces would pass it and say nothing.
      // A request without any body reaches here unchecked (no content type to validate against).
      const body = request.body as Schemas['AcknowledgeRequest'] | undefined;
      const comment = requiredText(body?.comment ?? '', 'comment');
      return alerts.acknowledge(viewerOf(request), request.params.id, comment);
    },

    async readAcknowledgeLink(request) {
      return alerts.readAcknowledgeLink(viewerOf(request), request.query.token);
    },

    async acknowledgeByLink(request) {
      const body = request.body as Schemas['AcknowledgeLinkRequest'] | undefined;
      const token = requiredText(body?.token ?? '', 'token');
      const comment = requiredText(body?.comment ?? '', 'comment');
      return alerts.acknowledgeByLink(viewerOf(request), token, comment);
    },

    async listAlertDeliveries(request) {
      const viewer = viewerOf(request);
      const rows = await alerts.deliveries(viewer, request.params.id);
      if (rows === null) throw notFound('Alert', request.params.id);
      return rows.map((row) => alertDeliveryDto(row, viewer));
    },

    async listAlertActions(request) {
      const rows = await alerts.actions(viewerOf(request), request.params.id);
      if (rows === null) throw notFound('Alert', request.params.id);
      return rows;
    },

    async completeAlertAction(request) {
      const { id, action } = request.params;
      const body = request.body as Schemas['CompleteActionRequest'] | undefined;
      const comment = requiredText(body?.comment ?? '', 'comment');
      const done = await alerts.completeAction(viewerOf(request), id, action, comment);
      if (done === null) throw notFound('Alert', id);
      return done;
    },
  };
}
