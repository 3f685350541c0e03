import type { Transferable } from 'node:worker_threads';
import { type PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import {
  FLOAT4_ARRAY_OID,
  FLOAT8_ARRAY_OID,
  flatFloatArray,
  float64ArrayFromText,
} from './float-array-text.ts';
import { BYTEA_OID, float64ArrayFromPackedText } from './packed-block-text.ts';
import {
  type HostAnswer,
  type HostResult,
  type HostRequest,
  type RemoteQueryOptions,
  serializeError,
} from './pglite-protocol.ts';

/** What a port needs from its channel: the worker's parentPort is one too. */
export interface PortLike {
  on(event: 'message', listener: (message: HostRequest) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  postMessage(message: HostAnswer, transfer?: readonly Transferable[]): void;
}

interface OpenTransaction {
  /** Set once PGlite has run BEGIN. */
  tx: Transaction | null;
  /** Ends the transaction: true commits, false rolls back. */
  finish(commit: boolean): void;
  /** Settles when PGlite has committed or rolled back. */
  ended: Promise<void>;
}

const identity = (value: unknown) => value;

/** PGlite's own reader of any float array (nested, or with bounds). */
const generalFloatArray = (text: string): unknown =>
  types.arrayParser(text, (element: string) => parseFloat(element), FLOAT8_ARRAY_OID);

/** PGlite's float arrays read with one split where they are flat (float-array-text.ts). */
const readFloatArray = (text: string) => flatFloatArray(text) ?? generalFloatArray(text);
const readFloat64Array = (text: string) => float64ArrayFromText(text, generalFloatArray);

const floatArrayParsers = (reader: (text: string) => unknown) => ({
  [FLOAT4_ARRAY_OID]: reader,
  [FLOAT8_ARRAY_OID]: reader,
});

function queryOptions(options: RemoteQueryOptions): QueryOptions {
  // A query asking for Float64Arrays reads its bytea columns as packed blocks (decision 052).
  const packedParsers: Record<number, (text: string) => unknown> = options.float64Arrays
    ? { [BYTEA_OID]: float64ArrayFromPackedText }
    : {};
  return {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options.blob ? { blob: options.blob } : {}),
    parsers: {
      ...floatArrayParsers(options.float64Arrays ? readFloat64Array : readFloatArray),
      ...packedParsers,
      ...Object.fromEntries((options.textTypes ?? []).map((oid) => [oid, identity])),
    },
  };
}

/** The buffers of the Float64Arrays in a query's rows, to transfer with the answer. */
function float64Buffers(result: unknown): Transferable[] {
  const rows = (result as { rows?: unknown[] } | null)?.rows ?? [];
  const buffers: Transferable[] = [];
  for (const row of rows) {
    for (const value of Object.values(row as object)) {
      if (value instanceof Float64Array && value.buffer instanceof ArrayBuffer) {
        buffers.push(value.buffer);
      }
    }
  }
  return buffers;
}

/**
 * Answers the requests arriving on `port` with `pglite`, the one owner of the data. PGlite runs
 * one statement at a time, so requests from several ports simply queue; a transaction holds
 * the others back until its commit or rollback, as it does in-process. A port that closes with
 * a transaction open (its thread ended) rolls it back.
 */
export function serveDatabase(
  pglite: PGlite,
  port: PortLike,
  options: { onClose?: () => Promise<void> } = {},
): void {
  const transactions = new Map<number, OpenTransaction>();
  let nextTx = 1;

  function begin(): Promise<number> {
    const id = nextTx++;
    return new Promise<number>((started, failed) => {
      let finish: (commit: boolean) => void = () => undefined;
      const decided = new Promise<boolean>((resolve) => (finish = resolve));
      const open: OpenTransaction = { tx: null, finish, ended: Promise.resolve() };
      transactions.set(id, open);
      open.ended = pglite.transaction(async (tx) => {
        open.tx = tx;
        started(id);
        if (!(await decided)) await tx.rollback();
      });
      const forget = () => void transactions.delete(id);
      open.ended.then(forget, (error: unknown) => {
        forget();
        failed(error); // only heard when BEGIN itself failed; a failed COMMIT answers `end`
      });
    });
  }

  async function end(txId: number, commit: boolean): Promise<null> {
    const open = transactions.get(txId);
    if (!open) throw new Error(`no open transaction ${txId}`);
    open.finish(commit);
    await open.ended;
    return null;
  }

  function target(txId: number | undefined): PGlite | Transaction {
    if (txId === undefined) return pglite;
    const tx = transactions.get(txId)?.tx;
    if (!tx) throw new Error(`no open transaction ${txId}`);
    return tx;
  }

  async function handle(request: HostRequest): Promise<unknown> {
    switch (request.op) {
      case 'query':
        return target(request.tx).query(request.sql, request.params, queryOptions(request.options));
      case 'exec':
        return target(request.tx).exec(request.sql);
      case 'begin':
        return begin();
      case 'commit':
        return end(request.tx, true);
      case 'rollback':
        return end(request.tx, false);
      case 'connect':
        serveDatabase(pglite, request.port);
        return null;
      case 'close':
        await options.onClose?.();
        return null;
    }
  }

  port.on('message', (request) => {
    handle(request).then(
      (result) =>
        port.postMessage(
          { id: request.id, ok: true, result: result as HostResult },
          request.op === 'query' && request.options.float64Arrays ? float64Buffers(result) : [],
        ),
      (error: unknown) =>
        port.postMessage({ id: request.id, ok: false, error: serializeError(error) }),
    );
  });
  port.on('close', () => {
    for (const open of transactions.values()) open.finish(false);
  });
}
