/**
 * A bulk ingest body (NDJSON or CSV) read as it arrives, its lines counted chunk by chunk
 * (bulk-line-counter.ts): a body of too many lines, a line too long or too many bytes is refused
 * with 413 as soon as the limit is passed, and reading stops there until the answer has gone.
 * A body of 16 MB of `x\n` is answered after its first 20 KB instead of after it was read whole
 * (issue 37, decision 047).
 *
 * Each chunk (at most the socket's 64 KB read) is counted in its own turn of the event loop, so
 * a large body never holds the request thread for long.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { HttpError } from '../http-error.ts';
import { BulkLineCounter, type BulkLineLimits, type BulkLineRefusal } from './bulk-line-counter.ts';

export interface BulkBodyLimits extends BulkLineLimits {
  /** Bytes the whole body may take. */
  maxBytes: number;
}

const inMiB = (bytes: number) => `${bytes / (1024 * 1024)} MiB`;

/** The 413 for a body of more items than a batch holds: the same words as a JSON array's. */
export const tooManyItems = (maxItems: number) =>
  `the body holds more than ${maxItems} items (array elements or lines); send at most ${maxItems} per request`;

export const tooManyBytes = (maxBytes: number) =>
  `the body is larger than ${inMiB(maxBytes)}, the most one ingest request takes; send fewer items per request`;

function refusalDetail(refusal: BulkLineRefusal, limits: BulkLineLimits): string {
  if (refusal.limit === 'lines') return tooManyItems(limits.maxLines);
  return `line ${refusal.line} is longer than ${inMiB(limits.maxLineBytes)} (${limits.maxLineBytes} bytes), the most one item's line may take`;
}

/**
 * A bulk body refused while it arrived: the handler answers 413 with `detail`, and the rest of
 * the body waits unread until the answer has gone (the request is paused).
 */
export class RefusedBulkBody {
  constructor(
    readonly detail: string,
    /** Bytes read before the refusal. */
    readonly bytesRead: number,
  ) {}
}

/** After a refusal's answer: at most this many more bytes are read (and dropped). */
export interface DrainBounds {
  maxBytes: number;
  maxMs: number;
}

/**
 * Reads and drops what is left of a refused body once its answer has gone, so that a client
 * that reads no answer before it has sent its whole body (fetch, undici) gets the 413 and not a
 * broken pipe; past `bounds` the connection is closed. A body that ends within them leaves the
 * connection open for the next request. Dropping costs no memory and little time: no copy, no
 * counting.
 */
export function drainRefusedBody(raw: IncomingMessage, bounds: DrainBounds): void {
  if (raw.complete || raw.destroyed) return;
  let drained = 0;
  const close = () => {
    stop();
    raw.socket?.destroy();
  };
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > bounds.maxBytes) close();
  };
  const timer = setTimeout(close, bounds.maxMs);
  const stop = () => {
    clearTimeout(timer);
    raw.removeListener('data', onData);
    raw.removeListener('end', stop);
    raw.removeListener('close', stop);
  };
  raw.on('data', onData);
  raw.once('end', stop);
  raw.once('close', stop);
  raw.resume();
}

/**
 * The body's bytes once it has arrived whole within `limits`, or a RefusedBulkBody the moment
 * a limit is passed, with the rest left unread. A declared length over the limit is rejected
 * with 413 before a byte is read (Fastify then answers with `Connection: close`).
 */
export function readBoundedBulkBody(
  payload: Readable,
  options: { csv: boolean; declaredBytes: number; limits: BulkBodyLimits },
): Promise<Buffer | RefusedBulkBody> {
  const { csv, declaredBytes, limits } = options;
  if (declaredBytes > limits.maxBytes) {
    return Promise.reject(new HttpError(413, tooManyBytes(limits.maxBytes)));
  }
  const counter = new BulkLineCounter(csv, limits);
  const chunks: Buffer[] = [];
  let received = 0;
  return new Promise<Buffer | RefusedBulkBody>((resolve, reject) => {
    const detach = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    };
    const refuse = (detail: string) => {
      detach();
      // Paused, the request stops pulling from the socket once its small buffer is full.
      payload.pause();
      chunks.length = 0;
      resolve(new RefusedBulkBody(detail, received));
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > limits.maxBytes) return refuse(tooManyBytes(limits.maxBytes));
      const refusal = counter.add(bytes);
      if (refusal) return refuse(refusalDetail(refusal, limits));
      chunks.push(bytes);
    }
    function onEnd() {
      const refusal = counter.end();
      if (refusal) return refuse(refusalDetail(refusal, limits));
      detach();
      // Always a copy: a chunk may be a view of the socket's shared read buffer.
      resolve(Buffer.concat(chunks, received));
    }
    function onError(error: Error) {
      detach();
      reject(new HttpError(400, `body: not received whole (${error.message})`));
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}
