import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../http-error.ts';

interface SecurityFailure extends Error {
  statusCode: number;
  errors?: unknown[];
}

/** openapi-glue's SecurityError: the security handlers' own errors travel in `errors`. */
function isSecurityFailure(error: unknown): error is SecurityFailure {
  return error instanceof Error && Array.isArray((error as { errors?: unknown }).errors);
}

/**
 * Fastify's validation message, with the allowed values when an enum was missed. A nullable
 * enum lists null among them, which would print as an empty value: it is said in words.
 */
function validationDetail(error: FastifyError): string {
  const first = error.validation?.[0];
  const allowed = (first?.params as { allowedValues?: unknown[] } | undefined)?.allowedValues;
  if (!Array.isArray(allowed)) return error.message;
  const values = allowed.filter((value) => value !== null).join(', ');
  return `${error.message}: ${values}${allowed.includes(null) ? ' (or null)' : ''}`;
}

/** One error shape for every failure: `{ detail }` with the status (STYLE.md, Server). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ detail: error.detail });
    }
    if (isSecurityFailure(error)) {
      const inner = error.errors?.find((e): e is HttpError => e instanceof HttpError);
      return reply
        .status(inner?.statusCode ?? 401)
        .send({ detail: inner?.detail ?? 'Authentication credentials were not provided' });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      return reply.status(400).send({ detail: validationDetail(fastifyError) });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: fastifyError.message });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error' });
  });
}
