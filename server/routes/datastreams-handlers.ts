import type { FastifyRequest } from 'fastify';
import { notFound } from '../http-error.ts';
import { requireStaff, viewerOf } from '../plugins/authentication.ts';
import type { Services } from '../services.ts';
import { datastreamDto } from './dto.ts';
import type { Handlers } from './operation-types.ts';
import { requiredText } from './text-fields.ts';

export function datastreamsHandlers(
  services: Services,
): Handlers<
  'listDatastreams' | 'listDataStreamsHyphenated' | 'createDatastream' | 'deleteDatastream'
> {
  const { datastreams } = services;

  // Both spellings of the path (spec §7) answer the same list.
  const listDatastreams = async (request: FastifyRequest) =>
    (await datastreams.list(viewerOf(request))).map(datastreamDto);

  return {
    listDatastreams,
    listDataStreamsHyphenated: listDatastreams,

    async createDatastream(request, reply) {
      requireStaff(request);
      const { stream_id: streamId, data_type: dataType, sensors = [] } = request.body;
      const created = await datastreams.create({
        streamId: requiredText(streamId, 'stream_id'),
        dataType,
        sensorIds: sensors,
      });
      reply.code(201);
      return datastreamDto(created);
    },

    async deleteDatastream(request, reply) {
      requireStaff(request);
      if (!(await datastreams.delete(request.params.id)))
        throw notFound('Data stream', request.params.id);
      return reply.code(204).send();
    },
  };
}
