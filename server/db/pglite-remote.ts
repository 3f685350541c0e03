import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type { MessagePort, Transferable } from 'node:worker_threads';
import {
  type HostAnswer,
  type HostRequest,
  type HostResult,
  type RemoteQueryOptions,
  restoreError,
} from './pglite-protocol.ts';

/** What a client needs from its channel: a MessagePort, or a Worker talking to its parentPort. */
export interface ChannelLike {
  on(event: 'message', listener: (answer: HostAnswer) => void): unknown;
  postMessage(message: HostRequest, transfer?: readonly Transferable[]): void;
}

type Request = HostRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

function remoteOptions(options: QueryOptions | undefined): RemoteQueryOptions {
  return {
    ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options?.blob ? { blob: options.blob } : {}),
    ...(options?.parsers ? { textTypes: Object.keys(options.parsers).map(Number) } : {}),
  };
}

export interface SlowRequestWatch {
  /** A request answered later than this is reported (default 5 s). */
  slowMs?: number;
  /** Told what the slow request was (its SQL's start) and how long it took, queue included. */
  onSlow(description: string, ms: number): void;
}

function describe(request: Request): string {
  if (request.op === 'query' || request.op === 'exec') {
    return request.sql.replace(/\s+/g, ' ').trim().slice(0, 120);
  }
  return request.op;
}

/**
 * PGlite's query interface (what drizzle and the ingest's COPY path use) over a message channel
 * to the thread that owns the database (pglite-host.ts), so this thread never runs PGlite's
 * WebAssembly. Transactions keep PGlite's semantics: the callback's throw rolls back.
 */
export class RemotePglite {
  #channel: ChannelLike;
  #pending = new Map<number, { resolve(result: HostResult): void; reject(error: Error): void }>();
  #nextId = 1;
  #broken: Error | null = null;
  #watch: SlowRequestWatch | undefined;

  constructor(channel: ChannelLike, watch?: SlowRequestWatch) {
    this.#channel = channel;
    this.#watch = watch;
    channel.on('message', (answer) => {
      const waiting = this.#pending.get(answer.id);
      if (!waiting) return;
      this.#pending.delete(answer.id);
      if (answer.ok) waiting.resolve(answer.result);
      else waiting.reject(restoreError(answer.error));
    });
  }

  /** The owner thread is gone: every open and later request fails with `error`. */
  fail(error: Error): void {
    this.#broken = error;
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
  }

  #call(request: Request, transfer: Transferable[] = []): Promise<HostResult> {
    if (this.#broken) return Promise.reject(this.#broken);
    const id = this.#nextId++;
    const answered = new Promise<HostResult>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#channel.postMessage({ ...request, id } as HostRequest, transfer);
    });
    return this.#watch ? this.#timed(answered, request, this.#watch) : answered;
  }

  // PGlite runs one statement at a time for every thread: a long one stalls all the others, so
  // naming it in the log is how a stalled page gets explained.
  #timed(answered: Promise<HostResult>, request: Request, watch: SlowRequestWatch) {
    const started = performance.now();
    const report = () => {
      const ms = performance.now() - started;
      if (ms >= (watch.slowMs ?? 5000)) watch.onSlow(describe(request), ms);
    };
    answered.then(report, report);
    return answered;
  }

  #query<T>(
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined,
    tx?: number,
    extra: Pick<RemoteQueryOptions, 'float64Arrays'> = {},
  ) {
    const request: Request = {
      op: 'query',
      sql,
      params,
      options: { ...remoteOptions(options), ...extra },
      ...(tx === undefined ? {} : { tx }),
    };
    return this.#call(request) as Promise<Results<T>>;
  }

  #exec(sql: string, tx?: number) {
    return this.#call({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) }) as Promise<
      Results[]
    >;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#exec(sql);
  }

  /** `query`, with float arrays answered as Float64Arrays (NULL elements 0), transferred. */
  queryFloat64<T>(sql: string, params: unknown[] = []): Promise<Results<T>> {
    return this.#query<T>(sql, params, undefined, undefined, { float64Arrays: true });
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const txId = (await this.#call({ op: 'begin' })) as number;
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: <R>(sql: string, params: unknown[] = [], options?: QueryOptions) => {
        open();
        return this.#query<R>(sql, params, options, txId);
      },
      exec: (sql: string) => {
        open();
        return this.#exec(sql, txId);
      },
      // What queryFloat64Rows calls on a request's transaction (a company's read, decision 072).
      queryFloat64: <R>(sql: string, params: unknown[] = []) => {
        open();
        return this.#query<R>(sql, params, undefined, txId, { float64Arrays: true });
      },
      rollback: async () => {
        open();
        closed = true;
        await this.#call({ op: 'rollback', tx: txId });
      },
      get closed() {
        return closed;
      },
    };
    try {
      const result = await callback(tx as unknown as Transaction);
      if (!closed) {
        closed = true;
        await this.#call({ op: 'commit', tx: txId });
      }
      return result;
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#call({ op: 'rollback', tx: txId }).catch(() => undefined);
      }
      throw error;
    }
  }

  /** Hands the owner another port, for a thread of its own (analysis workers). */
  async connect(port: MessagePort): Promise<void> {
    await this.#call({ op: 'connect', port }, [port]);
  }

  async close(): Promise<void> {
    await this.#call({ op: 'close' });
  }
}
