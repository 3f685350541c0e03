import type { Results } from '@electric-sql/pglite';
import type { MessagePort } from 'node:worker_threads';

// The messages between a thread that owns a PGlite instance (the host) and the threads that use
// it (remote clients): queries, transactions and COPY blobs go in, results and errors come back.
// Every request carries an id its answer repeats, so one port carries many requests at once.

/** The options of a query that can cross a thread. */
export interface RemoteQueryOptions {
  rowMode?: 'array' | 'object';
  /**
   * Types returned as PostgreSQL's text instead of parsed. Parser functions cannot cross a
   * thread; drizzle passes only parsers that return their input (timestamps, dates, intervals),
   * so the host applies that for the named types.
   */
  textTypes?: number[];
  blob?: Blob;
  /**
   * Float arrays answered as Float64Arrays (NULL elements 0), their buffers transferred to the
   * asking thread rather than cloned (float-array-text.ts, docs/decisions/039).
   */
  float64Arrays?: boolean;
}

export type HostRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      options: RemoteQueryOptions;
      tx?: number;
    }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'connect'; port: MessagePort }
  | { id: number; op: 'close' };

export type HostResult = Results | Results[] | number | null;

export type HostAnswer =
  { id: number; ok: true; result: HostResult } | { id: number; ok: false; error: SerializedError };

export interface SerializedError {
  name: string;
  message: string;
  /** PostgreSQL's fields (code, detail, constraint...), which a structured clone would drop. */
  fields: Record<string, unknown>;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/** The error as the caller's code sees it: PostgreSQL's `code` and `constraint` included. */
export function restoreError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  Object.assign(error, serialized.fields);
  error.name = serialized.name;
  return error;
}
