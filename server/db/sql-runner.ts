import { finished } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from './client.ts';

/** The few things the readings writer needs inside one transaction, on either driver. */
export interface Exec {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Statements without parameters sent together (one round trip on a server, where the first
   * also carries BEGIN); the last one's rows. Each statement sees what committed before it ran.
   */
  script<T>(text: string): Promise<T[]>;
  /** A binary COPY of `rows` into `target` (`table (columns)`), on either driver. */
  copyIn(target: string, rows: Uint8Array<ArrayBuffer>): Promise<void>;
  /**
   * A statement without parameters whose answer is not needed, run at the end of the
   * transaction: on a server it travels with the COMMIT, saving a round trip per batch.
   */
  atCommit(statement: string): void;
}

export type Transact = <T>(work: (exec: Exec) => Promise<T>) => Promise<T>;

/** A value inlined into SQL text (see Exec.atCommit): only our own array literals qualify. */
export function inlineLiteral(text: string): string {
  if (text.includes("'") || text.includes('\\')) throw new Error('not a safe inline literal');
  return `'${text}'`;
}

function lastRows<T>(result: pg.QueryResult | pg.QueryResult[]): T[] {
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  return (last?.rows ?? []) as T[];
}

/**
 * Transactions on the raw driver under drizzle: the ingest's hot path needs COPY (pg) and plain
 * parameterised SQL, which drizzle's query builder does not offer. On a server, BEGIN rides with
 * the first parameterless statement and the deferred statements with COMMIT: a batch costs three
 * round trips besides its COPY instead of six.
 */
export function transactionRunner(database: Database): Transact {
  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (database.kind === 'postgres') {
    const pool = client as pg.Pool;
    return async (work) => {
      const connection = await pool.connect();
      let opened = false;
      const deferred: string[] = [];
      const open = async () => {
        if (opened) return;
        opened = true;
        await connection.query('BEGIN');
      };
      try {
        const result = await work({
          async query<T>(text: string, params?: unknown[]) {
            if (!opened && (params === undefined || params.length === 0)) {
              opened = true;
              return lastRows<T>(await connection.query(`BEGIN; ${text}`));
            }
            await open();
            return (await connection.query(text, params)).rows as T[];
          },
          async script<T>(text: string) {
            if (opened) return lastRows<T>(await connection.query(text));
            opened = true;
            return lastRows<T>(await connection.query(`BEGIN; ${text}`));
          },
          async copyIn(target, rows) {
            await open();
            const copy = connection.query(
              copyFrom(`COPY ${target} FROM STDIN WITH (FORMAT binary)`),
            );
            copy.end(Buffer.from(rows.buffer, rows.byteOffset, rows.byteLength));
            await finished(copy);
          },
          atCommit: (statement) => deferred.push(statement),
        });
        if (opened || deferred.length > 0) {
          const statements = [...deferred, 'COMMIT'].join(';\n');
          await connection.query(opened ? statements : `BEGIN;\n${statements}`);
        }
        return result;
      } catch (error) {
        if (opened) await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    };
  }
  const lite = client as PGlite;
  return (work) =>
    lite.transaction(async (tx) => {
      const deferred: string[] = [];
      const result = await work({
        query: async <T>(text: string, params?: unknown[]) =>
          (await tx.query<T>(text, params)).rows,
        script: async <T>(text: string) => ((await tx.exec(text)).at(-1)?.rows ?? []) as T[],
        async copyIn(target, rows) {
          // PGlite has no COPY FROM STDIN; it reads a blob as the file /dev/blob instead.
          await tx.query(`COPY ${target} FROM '/dev/blob' WITH (FORMAT binary)`, [], {
            blob: new Blob([rows]),
          });
        },
        atCommit: (statement) => deferred.push(statement),
      });
      if (deferred.length > 0) await tx.exec(deferred.join(';\n'));
      return result;
    });
}
