import { AsyncLocalStorage } from 'node:async_hooks';
import { type SQL, sql } from 'drizzle-orm';
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
 * The company a company administrator's or operator's request is limited to, for row-level
 * security (migration 0049, decision 072); platform staff and the server's own work have none.
 */
export interface TenantScope {
  companyId: number;
  userId: number;
}

/** What a request's transaction is opened with: an actor to audit, a company to hold it to. */
export interface RequestTransaction {
  actor?: AuditActor | undefined;
  tenant?: TenantScope | null | undefined;
}

/**
 * Runs `work` in one transaction that names its actor to the audit triggers (migration 0006):
 * `set_config(..., true)` lasts until the transaction ends, so nothing outside it is attributed.
 */
export function inAuditedTransaction<T>(
  db: Db,
  actor: AuditActor,
  work: () => Promise<T>,
  tenant?: TenantScope | null,
): Promise<T> {
  return inRequestTransaction(db, { actor, tenant }, work);
}

/**
 * Runs `work` in one transaction, audited when an actor is given, and held to one company when
 * a tenant is: the policies of migration 0049 apply to the role it switches to, so a query that
 * forgot its company filter still sees no other company's rows. `set_config(..., true)` (SET
 * LOCAL) ends with the transaction, so a pooled connection never carries it to the next user.
 */
export async function inRequestTransaction<T>(
  db: Db,
  settings: RequestTransaction,
  work: () => Promise<T>,
): Promise<T> {
  const current: Scope = { tx: null, open: false, afterwards: [] };
  try {
    return await db.transaction(async (tx) => {
      const settingsSql = settingsOf(settings);
      if (settingsSql) await tx.execute(settingsSql);
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

/** The role row-level security applies to (migration 0049). */
const TENANT_ROLE = 'spanwatch_tenant';

/** The transaction's settings in one statement: each round trip is paid on every request. */
function settingsOf({ actor, tenant }: RequestTransaction): SQL | null {
  const settings: SQL[] = [];
  if (actor) {
    settings.push(
      sql`set_config('spanwatch.audit_actor', ${actor.name}, true)`,
      sql`set_config('spanwatch.audit_actor_id', ${actor.id === null ? '' : String(actor.id)}, true)`,
      sql`set_config('spanwatch.audit_operation', ${actor.operation}, true)`,
    );
  }
  if (tenant) {
    settings.push(
      sql`set_config('spanwatch.company_id', ${String(tenant.companyId)}, true)`,
      sql`set_config('spanwatch.user_id', ${String(tenant.userId)}, true)`,
      sql`set_config('role', ${TENANT_ROLE}, true)`,
    );
  }
  return settings.length ? sql`select ${sql.join(settings, sql`, `)}` : null;
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
