import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { type ConnectionSettings, setSettingsStatement } from '../db/connection-settings.ts';
import {
  inServerTransaction,
  onTenantConnections,
  serverPoolOf,
} from '../db/request-connections.ts';

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
 * On the server the settings travel with the BEGIN, one round trip (decision 072, amended).
 */
export async function inRequestTransaction<T>(
  db: Db,
  settings: RequestTransaction,
  work: () => Promise<T>,
): Promise<T> {
  const values = settingsOf(settings);
  const pool = scope.getStore()?.open ? null : serverPoolOf(db);
  return inScope(
    (scoped) =>
      pool
        ? inServerTransaction(pool, values, scoped)
        : db.transaction(async (tx) => {
            if (values.size > 0) await tx.execute(sql.raw(setSettingsStatement(values, true)));
            return scoped(tx as unknown as Db);
          }),
    work,
  );
}

/**
 * Runs a read of a company administrator or operator held to its company. On the server it
 * needs no transaction: it runs on connections of a pool of their own that carry a company for
 * their session, given this request's before its first query on them (onTenantConnections), and
 * a handler's parallel queries spread over a few of them as they do without the wall. The
 * embedded database has one connection, which the request's transaction holds (decision 072,
 * amended).
 */
export function inTenantRead<T>(db: Db, tenant: TenantScope, work: () => Promise<T>): Promise<T> {
  const pool = scope.getStore()?.open ? null : serverPoolOf(db);
  const settings = settingsOf({ tenant });
  return pool
    ? inScope(
        (scoped) =>
          onTenantConnections(pool, settings, scoped) ??
          inServerTransaction(pool, settings, scoped),
        work,
      )
    : inRequestTransaction(db, { tenant }, work);
}

/** `work` with the repositories routed to the request's database `open` gives it. */
async function inScope<T>(
  open: (scoped: (requestDb: Db) => Promise<T>) => Promise<T>,
  work: () => Promise<T>,
): Promise<T> {
  const current: Scope = { tx: null, open: false, afterwards: [] };
  try {
    return await open(async (requestDb) => {
      current.tx = requestDb;
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

/** The request's settings by name; each becomes part of one statement, never a round trip. */
function settingsOf({ actor, tenant }: RequestTransaction): ConnectionSettings {
  const settings = new Map<string, string>();
  if (actor) {
    settings.set('spanwatch.audit_actor', actor.name);
    settings.set('spanwatch.audit_actor_id', actor.id === null ? '' : String(actor.id));
    settings.set('spanwatch.audit_operation', actor.operation);
  }
  if (tenant) {
    settings.set('spanwatch.company_id', String(tenant.companyId));
    settings.set('spanwatch.user_id', String(tenant.userId));
    settings.set('role', TENANT_ROLE);
  }
  return settings;
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
