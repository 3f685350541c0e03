import type { FastifyInstance, FastifyRequest, FastifySchema, onRequestHookHandler } from 'fastify';
import { HttpError } from '../http-error.ts';
import { ingestTokenAuthHandler } from '../ingest/http-plugin.ts';
import { authenticate, bearerAuthHandler } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import { type ContractOperation, contractOperation } from './contract-operations.ts';
import { forbiddenCharacter, type Part } from './control-characters.ts';
import { strictNumberCheck } from './strict-numbers.ts';

function sendsBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return request.headers['transfer-encoding'] !== undefined;
}

/**
 * Only the media types the contract lists reach a handler: Fastify would otherwise parse, say,
 * text/plain into a string that skips the JSON schema. Runs before the body is read, so a
 * refused body costs nothing.
 */
function acceptOnly(operation: ContractOperation): onRequestHookHandler {
  return async (request) => {
    if (!sendsBody(request)) return;
    const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (operation.bodyTypes.length === 0) {
      throw new HttpError(415, `${operation.operationId} takes no request body`);
    }
    if (!mediaType || !operation.bodyTypes.includes(mediaType)) {
      throw new HttpError(
        415,
        `content-type: ${mediaType ?? 'none'} is not accepted here; send ${operation.bodyTypes.join(' or ')}`,
      );
    }
  };
}

/**
 * The ingest reads bodies of up to 64 MiB, so its credentials are checked before the body is
 * read; openapi-glue's security handlers run only after parsing (and check again, which is
 * cheap next to the body).
 */
function ingestCredentialsFirst(
  services: Pick<RouteServices, 'sessions' | 'ingestTokens'>,
): onRequestHookHandler {
  const ingestToken = ingestTokenAuthHandler(services);
  return async (request) => {
    const header = request.headers['x-ingest-token'];
    if (header === '') throw new HttpError(401, 'X-Ingest-Token is empty; send an ingest token');
    if (header !== undefined) return ingestToken(request);
    if (!(await authenticate(request, services))) {
      throw new HttpError(401, 'Authentication credentials were not provided');
    }
  };
}

/** Anonymous operations (sign-in, sign-up, refresh, contact) take small bodies only. */
export const ANONYMOUS_BODY_LIMIT = 64 * 1024;

// Ingest items are checked one by one by the ingest itself, so one bad item is rejected alone;
// an uploaded logger file is a stream its reader checks line by line.
const ITEM_CHECKED_BODIES = new Set([
  'ingestReadings',
  'inspectLoggerUpload',
  'importLoggerUpload',
  'uploadInspectionPhoto',
]);

function refuseControlCharacters(operation: ContractOperation) {
  const checkBody = !ITEM_CHECKED_BODIES.has(operation.operationId);
  return async (request: FastifyRequest) => {
    const parts: [Part, unknown][] = [
      ['params', request.params],
      ['querystring', request.query],
    ];
    if (checkBody) parts.push(['body', request.body]);
    for (const [part, value] of parts) {
      const found = forbiddenCharacter(value, part);
      if (found) throw new HttpError(400, `${found.field} must not contain ${found.what}`);
    }
  };
}

/** Numbers in the path and query as decimal text only, checked before they are coerced. */
function refuseLooseNumbers(schema: FastifySchema | undefined) {
  const check = strictNumberCheck(schema);
  if (!check) return [];
  return [
    async (request: FastifyRequest) => {
      const wrong = check({ params: request.params, querystring: request.query });
      if (wrong) throw new HttpError(400, wrong);
    },
  ];
}

/** Checks every contract route gets before its handler; register before the routes. */
export function registerRequestGuards(
  app: FastifyInstance,
  services: Pick<RouteServices, 'sessions' | 'ingestTokens'>,
): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const operation = contractOperation(methods[0] ?? '', route.url);
    if (!operation) return;
    const onRequest = [acceptOnly(operation)];
    if (operation.operationId === 'ingestReadings')
      onRequest.push(ingestCredentialsFirst(services));
    // A signed-in user's operation checks the access token before the body is read, so an
    // anonymous client cannot make the server read and parse a body it will refuse (issue 37,
    // finding 14); openapi-glue's security handler then finds the user known.
    if (operation.signedInOnly) onRequest.push(bearerAuthHandler(services));
    else if (operation.bodyTypes.length > 0 && operation.operationId !== 'ingestReadings') {
      route.bodyLimit = Math.min(route.bodyLimit ?? ANONYMOUS_BODY_LIMIT, ANONYMOUS_BODY_LIMIT);
    }
    route.onRequest = [...onRequest, ...[route.onRequest ?? []].flat()];
    route.preValidation = [
      refuseControlCharacters(operation),
      ...refuseLooseNumbers(route.schema),
      ...[route.preValidation ?? []].flat(),
    ];
  });
  // No answer of the API is for a shared cache: most carry one user's data.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
