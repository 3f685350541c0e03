import type { FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../http-error.ts';
import { requireAdmin, viewerOf } from '../plugins/authentication.ts';
import type { DatastreamWithSensors } from '../repositories/datastreams-repository.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import { assertDataTypeFits } from './data-type-fit.ts';
import { datastreamDto } from './dto.ts';
import type { Handlers, Schemas } from '../contract-types.ts';
import { requiredText } from './text-fields.ts';
import { assertInScope, hiddenAs, noSuch } from './tenant-scope.ts';

/** The contract's Datastream with what the ingest keeps: last-seen time and sample count. */
function withIngestStats(row: DatastreamWithSensors): Schemas['Datastream'] {
  return {
    ...datastreamDto(row),
    last_seen: row.lastSeenAt?.toISOString() ?? null,
    sample_count: row.sampleCount,
  };
}

export function datastreamsHandlers(
  services: Pick<RouteServices, 'datastreams' | 'sensors' | 'streamTrust' | 'tenancy'>,
): Handlers<
  | 'listDatastreams'
  | 'listDataStreamsHyphenated'
  | 'createDatastream'
  | 'updateDatastream'
  | 'deleteDatastream'
> {
  const { datastreams, streamTrust } = services;

  // Both spellings of the path (spec §7) answer the same list; the bridge filter is the
  // dashboard's, on the spelling the app uses, and only it says what each stream can be trusted
  // for there (a stream's sensors may sit on several bridges).
  const listDatastreams = async (request: FastifyRequest, bridgeId?: number) => {
    const rows = await datastreams.list(viewerOf(request), bridgeId);
    if (bridgeId === undefined) return rows.map(withIngestStats);
    const trust = await streamTrust.ofBridge(bridgeId, rows);
    return rows.map((row) => {
      const ofRow = trust.get(row.id);
      return ofRow ? { ...withIngestStats(row), trust: ofRow } : withIngestStats(row);
    });
  };

  return {
    listDatastreams: (request) => listDatastreams(request, request.query.bridge),
    listDataStreamsHyphenated: (request) => listDatastreams(request),

    async createDatastream(request, reply) {
      const scope = requireAdmin(request);
      const { stream_id: streamId, data_type: dataType, sensors = [], resolution } = request.body;
      // A stream fed by no sensor belongs to no company, so only platform staff make one.
      if (scope.companyId !== null && sensors.length === 0) {
        throw new HttpError(400, "sensors: name at least one of your company's sensors");
      }
      await assertInScope(services, scope, 'sensor', sensors, noSuch('sensors', 'sensor'));
      await assertDataTypeFits(services.sensors, sensors, dataType, 'data_type');
      const created = await datastreams.create({
        streamId: requiredText(streamId, 'stream_id'),
        dataType,
        sensorIds: sensors,
        resolution: resolution ?? null,
      });
      reply.code(201);
      return withIngestStats(created);
    },

    // Blocks stored before keep their form: a changed step applies to what is stored next.
    async updateDatastream(request) {
      const scope = requireAdmin(request);
      const { id } = request.params;
      await assertInScope(services, scope, 'datastream', id, hiddenAs('Data stream'));
      const changed = await datastreams.setResolution(id, request.body.resolution);
      if (!changed) throw notFound('Data stream', id);
      return withIngestStats(changed);
    },

    async deleteDatastream(request, reply) {
      const scope = requireAdmin(request);
      await assertInScope(
        services,
        scope,
        'datastream',
        request.params.id,
        hiddenAs('Data stream'),
      );
      if (!(await datastreams.delete(request.params.id, request.query.cascade === true)))
        throw notFound('Data stream', request.params.id);
      return reply.code(204).send();
    },
  };
}
