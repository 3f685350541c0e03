import pg from 'pg';

/**
 * The statement that undoes the settings a connection of the pool holds for its session, by
 * connection: set by TenantRequestPool when it gives a connection a company's settings, cleared
 * here when the server's own work takes the connection back (decision 072, amended 2026-12-01).
 */
const tenantSettingsHeld = new WeakMap<pg.PoolClient, { set: string; reset: string }>();

/** The session settings a connection holds for a company's reads, if any. */
export function tenantSettingsOf(client: pg.PoolClient): string | undefined {
  return tenantSettingsHeld.get(client)?.set;
}

export function holdTenantSettings(client: pg.PoolClient, set: string, reset: string): void {
  tenantSettingsHeld.set(client, { set, reset });
}

export function forgetTenantSettings(client: pg.PoolClient): void {
  tenantSettingsHeld.delete(client);
}

let resets = 0;

/** How many times the server's own work took a connection a company's reads had used (bench). */
export function tenantSettingsResets(): number {
  return resets;
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * One pool for the server's own work and for companies' reads, so a process opens at most the
 * configured number of connections (it opened twice that with a tenant pool beside it). A
 * company's reads take connections as they are (`connectAsIs`, TenantRequestPool) and leave
 * their company's settings on them for the next read of the same request's company; everything
 * else (drizzle's queries and transactions, COPY, the request transactions) takes them through
 * `connect`, which first undoes such settings in one round trip: no query of the server's own
 * work runs as the tenant role or under a company.
 */
export class SharedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const ready = this.connectCleared();
    if (!callback) return ready;
    ready.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }

  /** A connection with whatever session settings a company's read left on it. */
  connectAsIs(): Promise<pg.PoolClient> {
    return super.connect();
  }

  private async connectCleared(): Promise<pg.PoolClient> {
    for (;;) {
      const client = await super.connect();
      const held = tenantSettingsHeld.get(client);
      if (!held) return client;
      resets += 1;
      try {
        await client.query(held.reset);
        tenantSettingsHeld.delete(client);
        return client;
      } catch (error) {
        // A connection whose settings cannot be undone is not handed on: destroyed, try another.
        tenantSettingsHeld.delete(client);
        client.release(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
}
