import type { FastifyRequest } from 'fastify';
import { notFound } from '../http-error.ts';
import { type AdminScope, requireAdmin, viewerOf } from '../plugins/authentication.ts';
import type { NewBridge } from '../repositories/bridges-repository.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import { bridgeDto } from './dto.ts';
import type { Handlers, Schemas } from '../contract-types.ts';
import { requiredText } from './text-fields.ts';
import { findCatalogueBridge } from '../integrations/bridge-catalogue.ts';
import { assertInScope, hiddenAs, noSuch } from './tenant-scope.ts';

/**
 * location_on_map is always written from latitude and longitude, so the map (spec §5) and the
 * numeric fields can never disagree. A new bridge takes its structure type from the catalogue
 * when its name is there.
 */
function bridgeValues(body: Schemas['BridgeInput']): NewBridge {
  const name = requiredText(body.name, 'name');
  const values: NewBridge = {
    name,
    location: requiredText(body.location, 'location'),
    constructionDate: body.construction_date,
    lengthPerSpan: body.length_per_span ?? null,
    latitude: body.latitude,
    longitude: body.longitude,
    locationOnMap: `${body.latitude},${body.longitude}`,
  };
  const structureType = body.structure_type?.trim() || findCatalogueBridge(name)?.structure_type;
  if (structureType) values.structureType = structureType;
  if (body.status) values.status = body.status;
  return values;
}

export function bridgesHandlers(
  services: Pick<
    RouteServices,
    | 'bridges'
    | 'bridgeNames'
    | 'secretBox'
    | 'bridgeConditions'
    | 'mqttCredentials'
    | 'companies'
    | 'tenancy'
  >,
): Handlers<
  | 'listBridges'
  | 'listBridgesWithSlash'
  | 'listRensysBridgeNames'
  | 'createBridge'
  | 'updateBridge'
  | 'deleteBridge'
> {
  const { bridges, bridgeNames, secretBox } = services;

  /**
   * The company a bridge is written into: a company administrator's own (naming another is
   * answered as naming none that exists); platform staff may name any, and a new bridge they do
   * not place joins the unassigned company (decision 040).
   */
  async function companyFor(
    scope: AdminScope,
    named: number | undefined,
  ): Promise<number | undefined> {
    if (named === undefined) return scope.companyId ?? undefined;
    const exists = await services.companies.findById(named);
    if (!exists || (scope.companyId !== null && named !== scope.companyId)) {
      throw noSuch('company_id', 'company')(named);
    }
    return named;
  }

  // Both spellings of the path (spec §7) answer the same list.
  const listBridges = async (request: FastifyRequest) =>
    (await services.bridgeConditions.list(viewerOf(request))).map((b) =>
      bridgeDto(b.row, b.condition, b.falseEpisodesPerMonth, b.activeAlerts, b.display),
    );

  return {
    listBridges,
    listBridgesWithSlash: listBridges,

    async listRensysBridgeNames(request) {
      viewerOf(request);
      const user = request.user;
      const sealed = user?.companyPasswordSealed;
      const data = await bridgeNames.names({
        username: user?.companyUsername ?? null,
        password: sealed ? secretBox.open(sealed) : null,
      });
      return { status: 'success', data };
    },

    async createBridge(request, reply) {
      const scope = requireAdmin(request);
      const companyId = await companyFor(scope, request.body.company_id);
      const created = await bridges.create({ ...bridgeValues(request.body), companyId });
      reply.code(201);
      return bridgeDto(created);
    },

    async updateBridge(request) {
      const scope = requireAdmin(request);
      await assertInScope(services, scope, 'bridge', request.params.id, hiddenAs('Bridge'));
      const companyId = await companyFor(scope, request.body.company_id);
      const values = bridgeValues(request.body);
      const updated = await bridges.update(
        request.params.id,
        companyId === undefined ? values : { ...values, companyId },
      );
      if (!updated) throw notFound('Bridge', request.params.id);
      return bridgeDto(updated, await services.bridgeConditions.of(updated.id));
    },

    async deleteBridge(request, reply) {
      const scope = requireAdmin(request);
      await assertInScope(services, scope, 'bridge', request.params.id, hiddenAs('Bridge'));
      const deleted = await bridges.delete(request.params.id, request.query.cascade === true);
      if (!deleted) throw notFound('Bridge', request.params.id);
      // Its ingest tokens went with it; their broker clients go too (or at the next reconcile).
      await services.mqttCredentials.withdrawBridge(request.params.id).catch((error: unknown) => {
        request.log.warn({ err: error }, 'the MQTT broker kept the clients of a deleted bridge');
      });
      return reply.code(204).send();
    },
  };
}
