import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error.ts';
import { MAX_ITEMS_PER_BATCH } from '../readings/block-limits.ts';
import type { IngestTokensRepository } from '../repositories/ingest-tokens-repository.ts';
import {
  type BulkBodyLimits,
  type DrainBounds,
  drainRefusedBody,
  readBoundedBulkBody,
  RefusedBulkBody,
} from './bulk-body-reader.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request carries a live ingest token: the bridge it belongs to. */
    ingestBridgeId: number | null;
  }
}

/** Gateways send large bulk bodies; JSON stays at the app's 1 MiB limit. */
export const BULK_BODY_LIMIT = 64 * 1024 * 1024;
/**
 * The longest line of a bulk body. The largest block, 10,000 values as JSON writes a double (at
 * most 24 characters and a comma each), takes about 250 KB; each line is parsed in one go on the
 * request thread, so a line must not be megabytes long.
 */
export const MAX_BULK_LINE_BYTES = 1024 * 1024;
export const BULK_CONTENT_TYPES = ['application/x-ndjson', 'text/csv'];

export const BULK_BODY_LIMITS: BulkBodyLimits = {
  maxBytes: BULK_BODY_LIMIT,
  maxLines: MAX_ITEMS_PER_BATCH,
  maxLineBytes: MAX_BULK_LINE_BYTES,
};

/**
 * What is read of a refused body after its answer: what makes it the body limit at most, within
 * 10 s. Dropping bytes holds nothing, and a client that sends its whole body before reading the
 * answer still learns why it was refused.
 */
export const REFUSED_BODY_DRAIN: DrainBounds = { maxBytes: BULK_BODY_LIMIT, maxMs: 10_000 };

/** What the bulk parser hands the route: the body's bytes, or why it was refused as it came. */
export const isBulkBody = (body: unknown): body is Buffer | RefusedBulkBody =>
  Buffer.isBuffer(body) || body instanceof RefusedBulkBody;

/**
 * What the ingest needs from the app before the contract's routes are added: the bulk content
 * types arrive as bytes (read line by line in the handler, so one bad line is rejected alone,
 * and the values' text goes to the database without being decoded), counted and bounded while
 * they stream in (bulk-body-reader.ts).
 */
export function registerIngestParsers(app: FastifyInstance): void {
  app.decorateRequest('ingestBridgeId', null);
  app.addContentTypeParser(
    BULK_CONTENT_TYPES,
    async (request: FastifyRequest, payload: IncomingMessage) =>
      readBoundedBulkBody(payload, {
        csv: request.headers['content-type']?.startsWith('text/csv') === true,
        declaredBytes: Number(request.headers['content-length'] ?? 0),
        limits: BULK_BODY_LIMITS,
      }),
  );
  // Whatever the answer was (413 from the handler, or 401/403 before it), the rest of a refused
  // body is dropped within bounds once the answer has gone.
  app.addHook('onResponse', async (request) => {
    const body = request.body;
    if (body instanceof RefusedBulkBody) {
      drainRefusedBody(request.raw, {
        ...REFUSED_BODY_DRAIN,
        maxBytes: REFUSED_BODY_DRAIN.maxBytes - body.bytesRead,
      });
    }
  });
}

/** The security handler for `ingestToken`: a bridge's token in X-Ingest-Token. */
export function ingestTokenAuthHandler(services: { ingestTokens: IngestTokensRepository }) {
  const { ingestTokens } = services;
  return async (request: FastifyRequest) => {
    const header = request.headers['x-ingest-token'];
    const token = Array.isArray(header) ? header[0] : header;
    // A plain Error (not HttpError) lets the bearer scheme's message win when no token was sent.
    if (!token) throw new Error('no ingest token');
    const bridgeId = await ingestTokens.bridgeOf(token);
    if (bridgeId === null) throw new HttpError(401, 'Invalid or revoked ingest token');
    request.ingestBridgeId = bridgeId;
  };
}
