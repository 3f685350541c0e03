/**
 * File uploads (`application/octet-stream`) stay a stream: the handler reads the body as it
 * works, so a large logger file is never held in memory, and the bytes read are bounded here
 * (Fastify's bodyLimit applies only to bodies it reads itself).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error.ts';

export const UPLOAD_CONTENT_TYPE = 'application/octet-stream';

export function registerUploadParser(app: FastifyInstance): void {
  app.addContentTypeParser(UPLOAD_CONTENT_TYPE, (_request, payload, done) => done(null, payload));
}

const isStream = (body: unknown): body is AsyncIterable<Uint8Array> =>
  typeof body === 'object' && body !== null && Symbol.asyncIterator in body;

const MIB = 1024 * 1024;
const sizeText = (bytes: number) =>
  bytes >= MIB ? `${Math.round(bytes / MIB)} MiB` : `${Math.round(bytes / 1024)} KiB`;

/**
 * The request's body as chunks, refused with 413 once it passes `limit` bytes: at once when its
 * Content-Length says so, else when the bytes read pass it.
 */
export function uploadedChunks(
  request: FastifyRequest,
  limit: number,
  hint: string,
): AsyncIterable<Uint8Array> {
  const body = request.body;
  if (!isStream(body)) {
    throw new HttpError(400, `body: send the file's bytes as ${UPLOAD_CONTENT_TYPE}`);
  }
  const tooLarge = () =>
    new HttpError(
      413,
      `body: the file is larger than ${sizeText(limit)}, the most taken here; ${hint}`,
    );
  if (Number(request.headers['content-length']) > limit) throw tooLarge();
  return (async function* bounded() {
    let read = 0;
    for await (const chunk of body) {
      read += chunk.byteLength;
      if (read > limit) throw tooLarge();
      yield chunk;
    }
  })();
}
