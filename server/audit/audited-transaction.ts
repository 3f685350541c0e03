import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';

/** Who a change is written down for: a signed-in user, or 'anonymous' (sign-up, contact form). */
export interface AuditActor {
  id: number | null;
  name: string;
  operation: string;
}

interface Scope {
  tx: Db | null;
  open: boolean;
  /** Writes that must stand whatever becomes of the change, run once its transaction ends. */
  afterwards: (() => Promise<unknown>)[];
}

const scope = new AsyncLocalStorage<Scope>();

/**
 * The database every repository is given: inside an audited request it is that request's
 * transaction, so the repositories need no transaction parameter and every write they make is
 * in the same transaction as its audit entries. A task that outlives the request falls back to
 * the database once the transaction has ended.
 */
export function requestScopedDb(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      const current = scope.getStore();
      const active = current?.open && current.tx ? current.tx : target;
      const value: unknown = Reflect.get(active, property, active);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(active)
        : value;
    },
  });
}

/**
 * Runs `work` in one transaction that names its actor to the audit triggers (migration 0006):
 * `set_config(..., true)` lasts until the transaction ends, so nothing outside it is attributed.
 */
export async function inAuditedTransaction<T>(
  db: Db,
  actor: AuditActor,
  work: () => Promise<T>,
): Promise<T> {
  const current: Scope = { tx: null, open: false, afterwards: [] };
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('spanwatch.audit_actor', ${actor.name}, true),
                   set_config('spanwatch.audit_actor_id', ${actor.id === null ? '' : String(actor.id)}, true),
                   set_config('spanwatch.audit_operation', ${actor.operation}, true)`,
      );
      current.tx = tx as unknown as Db;
      current.open = true;
      try {
        return await scope.run(current, work);
      } finally {
        current.open = false;
      }
    });
  } finally {
    for (const write of current.afterwards) await write();
  }
}

/**
 * Runs `write` outside the request's transaction, once that has ended: for what must be kept
 * even when the change is refused and rolled back (a wrong current password still counts as a
 * failed sign-in). Outside an audited request it runs at once. Waiting for it inside the
 * transaction is not an option: the embedded database has one connection, held by the
 * transaction.
 */
export async function afterTheChange(write: () => Promise<unknown>): Promise<void> {
  const current = scope.getStore();
  if (current?.open) current.afterwards.push(write);
  else await write();
}

const scopedDatabases = new WeakMap<Database, Database>();

/** The database with its `db` request-scoped; one per database, so caches keyed by it hold. */
export function requestScopedDatabase(database: Database): Database {
  let scoped = scopedDatabases.get(database);
  if (!scoped) {
    scoped = { ...database, db: requestScopedDb(database.db) };
    scopedDatabases.set(database, scoped);
    // Scoping an already scoped database gives it back rather than wrapping it twice.
    scopedDatabases.set(scoped, scoped);
  }
  return scoped;
}
