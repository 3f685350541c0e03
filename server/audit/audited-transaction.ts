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
  tx: Db;
  open: boolean;
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
      const active = current?.open ? current.tx : target;
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
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('spanwatch.audit_actor', ${actor.name}, true),
                 set_config('spanwatch.audit_actor_id', ${actor.id === null ? '' : String(actor.id)}, true),
                 set_config('spanwatch.audit_operation', ${actor.operation}, true)`,
    );
    const current: Scope = { tx: tx as unknown as Db, open: true };
    try {
      return await scope.run(current, work);
    } finally {
      current.open = false;
    }
  });
}

const scopedDatabases = new WeakMap<Database, Database>();

/** The database with its `db` request-scoped; one per database, so caches keyed by it hold. */
export function requestScopedDatabase(database: Database): Database {
  let scoped = scopedDatabases.get(database);
  if (!scoped) {
    scoped = { ...database, db: requestScopedDb(database.db) };
    scopedDatabases.set(database, scoped);
  }
  return scoped;
}
