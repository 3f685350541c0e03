import type { FastifyRequest } from 'fastify';
import { mqttUsernameOf } from '../ingest/mqtt-credentials.ts';
import { HttpError, notFound } from '../http-error.ts';
import { requireAdmin } from '../plugins/authentication.ts';
import type { IngestTokenRow } from '../repositories/ingest-tokens-repository.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers, Schemas } from '../contract-types.ts';
import { requiredText } from './text-fields.ts';
import { assertInScope, hiddenAs } from './tenant-scope.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function ingestTokenDto(row: IngestTokenRow): Schemas['IngestToken'] {
  return {
    id: row.id,
    bridge: row.bridgeId,
    name: row.name,
    prefix: row.prefix,
    mqtt_username: mqttUsernameOf(row),
    created_at: row.createdAt.toISOString(),
    last_used_at: iso(row.lastUsedAt),
    revoked_at: iso(row.revokedAt),
  };
}

/** Per-bridge ingest tokens: staff only; the secret appears once, in the create answer. */
export function ingestTokensHandlers(
  services: Pick<RouteServices, 'bridges' | 'ingestTokens' | 'mqttCredentials' | 'tenancy'>,
): Handlers<'listIngestTokens' | 'createIngestToken' | 'revokeIngestToken'> {
  const { ingestTokens, mqttCredentials } = services;
  // Another company's bridge answers as a missing one (decision 040).
  const assertBridge = async (request: FastifyRequest, id: number) => {
    await assertInScope(services, requireAdmin(request), 'bridge', id, hiddenAs('Bridge'));
    if (!(await services.bridges.findById(id))) throw notFound('Bridge', id);
  };
  return {
    async listIngestTokens(request) {
      await assertBridge(request, request.params.id);
      return (await ingestTokens.list(request.params.id)).map(ingestTokenDto);
    },

    async createIngestToken(request, reply) {
      await assertBridge(request, request.params.id);
      const name = requiredText(request.body.name, 'name');
      const { row, token } = await ingestTokens.create(request.params.id, name);
      try {
        await mqttCredentials.grant(row, token);
      } catch (error) {
        // A token that works over HTTP but not MQTT would be a trap: none is made.
        await ingestTokens.remove(row.id);
        request.log.warn({ err: error }, 'the MQTT broker did not take an ingest token');
        throw new HttpError(502, 'The MQTT broker did not confirm the token; none was created');
      }
      reply.code(201);
      return { ...ingestTokenDto(row), token };
    },

    async revokeIngestToken(request, reply) {
      const { id, tokenId } = request.params;
      // Another company's bridge: the same answer as a token that is not on this bridge.
      await assertInScope(services, requireAdmin(request), 'bridge', id, () =>
        notFound('Ingest token', tokenId),
      );
      if (!(await ingestTokens.revoke(id, tokenId))) throw notFound('Ingest token', tokenId);
      // Revoked for HTTP already; a broker that cannot be reached now (so takes no publications
      // either) is caught up as soon as the server reconnects to it (mqtt-credentials-sync.ts).
      await mqttCredentials.withdraw({ id: tokenId, bridgeId: id }).catch((error: unknown) => {
        request.log.warn({ err: error }, 'the MQTT broker did not drop a revoked ingest token');
      });
      return reply.code(204).send();
    },
  };
}
