import type { FastifyReply, FastifyRequest } from 'fastify';
import { ingestBuffers } from '../readings/buffer-pool.ts';
import { Float8Elements } from '../readings/float8-elements.ts';
import { readBulkBody, type ParsedLine } from '../ingest/bulk-parsers.ts';
import { RefusedBulkBody, tooManyItems } from '../ingest/bulk-body-reader.ts';
import { summariseRejections } from '../ingest/rejection-summary.ts';
import { MAX_ITEMS_PER_BATCH } from '../readings/block-limits.ts';
import type { IngestScope } from '../ingest/ingest-service.ts';
import { OverIngestRate, UNLIMITED_INGEST } from '../ingest/company-ingest-rate.ts';
import { HttpError } from '../http-error.ts';
import { requireStaff } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';

/** A body's values take about 1.5 times its bytes once encoded for the COPY (12 per value). */
const ARENA_BYTES_PER_BODY_BYTE = 1.5;
/** A larger body's arena grows chunk by chunk, as its values are found (not for its size). */
const FIRST_ARENA_CHUNK_MAX_BYTES = 8 * 1024 * 1024;

const TOO_MANY_ITEMS = tooManyItems(MAX_ITEMS_PER_BATCH);

async function linesOf(
  body: unknown,
  contentType: string | undefined,
  arena: Float8Elements,
): Promise<ParsedLine[]> {
  if (Array.isArray(body)) {
    if (body.length > MAX_ITEMS_PER_BATCH) throw new HttpError(413, TOO_MANY_ITEMS);
    return body.map((item: unknown): ParsedLine => ({ item }));
  }
  if (!Buffer.isBuffer(body)) throw new HttpError(400, 'body must be an array of items');
  const csv = contentType?.startsWith('text/csv') === true;
  // Its lines were counted and bounded as it arrived (ingest/bulk-body-reader.ts).
  return readBulkBody(body, csv, arena);
}

/** An ingest token limits the batch to its bridge; a session must be staff's and may send any. */
function scopeOf(request: FastifyRequest): IngestScope {
  if (request.ingestBridgeId !== null) return { bridgeId: request.ingestBridgeId };
  requireStaff(request);
  return { anyBridge: true };
}

/**
 * `horizonDays`: how far back items may reach (INGEST_HORIZON_DAYS). The service writes
 * concurrent requests together (INGEST_GROUP_COMMIT_MS, group-commit.ts).
 */
export function ingestHandlers(
  services: Pick<RouteServices, 'ingest' | 'ingestRate'>,
  horizonDays: number,
): Handlers<'ingestReadings'> {
  const { ingest, ingestRate } = services;
  return {
    async ingestReadings(request, reply) {
      const scope = scopeOf(request);
      const body = request.body as unknown;
      // Refused as it arrived (ingest/bulk-body-reader.ts); its rest is read only after this.
      if (body instanceof RefusedBulkBody) throw new HttpError(413, body.detail);
      const admission = await admitGateway(request.ingestBridgeId, reply);
      // Pooled (buffer-pool.ts): given back once the blocks are stored or the request failed.
      const arena = new Float8Elements(
        ingestBuffers,
        Buffer.isBuffer(body)
          ? Math.min(body.length * ARENA_BYTES_PER_BODY_BYTE, FIRST_ARENA_CHUNK_MAX_BYTES)
          : 0,
      );
      try {
        const lines = await linesOf(body, request.headers['content-type'], arena);
        const stored = await storeLines(lines, scope, reply);
        admission.charge(stored.accepted_samples + stored.duplicate_samples);
        const result = summariseRejections(stored);
        // A line that could not be read at all is reported with its own message.
        for (const rejection of result.rejected) {
          const line = lines[rejection.index];
          if (line && 'error' in line) rejection.detail = line.error;
        }
        return result;
      } finally {
        arena.release();
      }
    },
  };

  /** A gateway's company over its ingest rate is answered 429 (company-ingest-rate.ts). */
  async function admitGateway(bridgeId: number | null, reply: FastifyReply) {
    // Platform staff's own sends (a session, not a gateway's token) are not held to a rate.
    if (bridgeId === null) return UNLIMITED_INGEST;
    try {
      return await ingestRate.admit(bridgeId);
    } catch (error) {
      if (!(error instanceof OverIngestRate)) throw error;
      reply.header('retry-after', String(error.retryAfterSeconds));
      throw new HttpError(
        429,
        `ingest_samples_per_minute: this company may store ${error.samplesPerMinute} samples a minute; send again in ${error.retryAfterSeconds} s`,
      );
    }
  }

  async function storeLines(lines: ParsedLine[], scope: IngestScope, reply: FastifyReply) {
    try {
      return await ingest.ingestLines(lines, scope, { horizonDays });
    } catch (error) {
      // Refusals are per item (isolate-refusals.ts); what is thrown is an outage, and the
      // items of a transaction that did not commit are not acknowledged.
      reply.log.error({ err: error }, 'ingest could not write to the readings store');
      reply.header('retry-after', '1');
      throw new HttpError(
        503,
        'The readings store is unavailable; send the same items again (those already stored count as duplicates)',
      );
    }
  }
}
