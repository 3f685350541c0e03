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
  services: Pick<
    RouteServices,
    'datastreams' | 'sensors' | 'streamTrust' | 'sensorDisagreements' | 'tenancy'
  >,
): Handlers<
  | 'listDatastreams'
  | 'listDataStreamsHyphenated'
  | 'createDatastream'
  | 'updateDatastream'
  | 'deleteDatastream'
> {
  const { datastreams, streamTrust, sensorDisagreements } = services;

  /** Each listed stream's twin pairs in disagreement, from the stored episodes (decision 074). */
  const twinDisagreements = async (rows: readonly DatastreamWithSensors[]) => {
    const episodes = await sensorDisagreements.openOfStreams(rows.map((row) => row.id));
    const ofStream = new Map<number, Schemas['Datastream']['twin_disagreements']>();
    for (const episode of episodes) {
      const since = new Date(episode.sinceMs).toISOString();
      for (const [mine, other] of [
        [0, 1],
        [1, 0],
      ] as const) {
        const list = ofStream.get(episode.datastreamIds[mine]) ?? [];
        // A pair may disagree in more than one way (decision 074, 2026-12-01): one mark per
        // twin, from its earliest open episode (they come by onset).
        if (list.some((twin) => twin.stream_id === episode.streamIds[other])) continue;
        list.push({ stream_id: episode.streamIds[other], since });
        ofStream.set(episode.datastreamIds[mine], list);
      }
    }
    return (row: DatastreamWithSensors) => ofStream.get(row.id)?.slice(0, 50) ?? [];
  };

  // Both spellings of the path (spec §7) answer the same list; the bridge filter is the
  // dashboard's, on the spelling the app uses, and only it says what each stream can be trusted
  // for there (a stream's sensors may sit on several bridges).
  const listDatastreams = async (request: FastifyRequest, bridgeId?: number) => {
    const rows = await datastreams.list(viewerOf(request), bridgeId);
    const twinsOf = await twinDisagreements(rows);
    const listed = (row: DatastreamWithSensors) => ({
      ...withIngestStats(row),
      twin_disagreements: twinsOf(row),
    });
    if (bridgeId === undefined) return rows.map(listed);
    const trust = await streamTrust.ofBridge(bridgeId, rows);
    return rows.map((row) => {
      const ofRow = trust.get(row.id);
      return ofRow ? { ...listed(row), trust: ofRow } : listed(row);
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
