import { ingestContextOf } from '../ingest/ingest-context.ts';
import { notFound } from '../http-error.ts';
import { requireStaff } from '../plugins/authentication.ts';
import type { IngestTokenRow } from '../repositories/ingest-tokens-repository.ts';
import type { Services } from '../services.ts';
import type { Handlers, Schemas } from './operation-types.ts';
import { requiredText } from './text-fields.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function ingestTokenDto(row: IngestTokenRow): Schemas['IngestToken'] {
  return {
    id: row.id,
    bridge: row.bridgeId,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: iso(row.lastUsedAt),
    revoked_at: iso(row.revokedAt),
  };
}

/** Per-bridge ingest tokens: staff only; the secret appears once, in the create answer. */
export function ingestTokensHandlers(
  services: Services,
): Handlers<'listIngestTokens' | 'createIngestToken' | 'revokeIngestToken'> {
  const { ingestTokens } = ingestContextOf(services.database);
  const assertBridge = async (id: number) => {
    if (!(await services.bridges.findById(id))) throw notFound('Bridge', id);
  };
  return {
    async listIngestTokens(request) {
      requireStaff(request);
      await assertBridge(request.params.id);
      return (await ingestTokens.list(request.params.id)).map(ingestTokenDto);
    },

    async createIngestToken(request, reply) {
      requireStaff(request);
      await assertBridge(request.params.id);
      const name = requiredText(request.body.name, 'name');
      const { row, token } = await ingestTokens.create(request.params.id, name);
      reply.code(201);
      return { ...ingestTokenDto(row), token };
    },

    async revokeIngestToken(request, reply) {
      requireStaff(request);
      const { id, tokenId } = request.params;
      if (!(await ingestTokens.revoke(id, tokenId))) throw notFound('Ingest token', tokenId);
      return reply.code(204).send();
    },
  };
}
