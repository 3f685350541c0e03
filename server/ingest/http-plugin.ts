import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error.ts';
import type { IngestTokensRepository } from '../repositories/ingest-tokens-repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request carries a live ingest token: the bridge it belongs to. */
    ingestBridgeId: number | null;
  }
}

/** Gateways send large bulk bodies; JSON stays at the app's 1 MiB limit. */
export const BULK_BODY_LIMIT = 64 * 1024 * 1024;
export const BULK_CONTENT_TYPES = ['application/x-ndjson', 'text/csv'];

/**
 * What the ingest needs from the app before the contract's routes are added: the bulk content
 * types arrive as bytes (read line by line in the handler, so one bad line is rejected alone,
 * and the values' text goes to the database without being decoded).
 */
export function registerIngestParsers(app: FastifyInstance): void {
  app.decorateRequest('ingestBridgeId', null);
  app.addContentTypeParser(
    BULK_CONTENT_TYPES,
    { parseAs: 'buffer', bodyLimit: BULK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
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
