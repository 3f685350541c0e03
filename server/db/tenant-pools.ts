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

  /**
   * Connections a company's reads finished with, kept out of the pool (so the server's own work
   * does not take them and pay a reset) for the next company's read: as many as the pool has,
   * and given back whenever the server's own work would otherwise wait.
   */
  private readonly kept: pg.PoolClient[] = [];
  /** Each kept connection's listener for the server dropping it while kept. */
  private readonly onDrop = new WeakMap<pg.PoolClient, (error: Error) => void>();

  /**
   * A connection for a company's read, with whatever session settings a company's read left on
   * it: one kept with `settings` if any, else another kept one, else the pool's.
   */
  connectAsIs(settings?: string): Promise<pg.PoolClient> {
    const same = this.kept.findIndex((client) => tenantSettingsOf(client) === settings);
    const kept = this.takeKept(same >= 0 ? same : this.kept.length - 1);
    return kept ? Promise.resolve(kept) : super.connect();
  }

  /** How many connections are kept for companies' reads. */
  get keptCount(): number {
    return this.kept.length;
  }

  /** A company's read is done with `client` (idle, not in a transaction). */
  keepForTenants(client: pg.PoolClient): void {
    const room = this.options.max ?? 10;
    if (this.ending || this.kept.length >= room || this.waitingCount > 0) {
      client.release();
      return;
    }
    // The server dropped it while kept (a restart, a terminate): forgotten and destroyed.
    const dropped = (error: Error) => {
      const at = this.kept.indexOf(client);
      if (at >= 0) this.takeKept(at);
      client.release(error);
    };
    this.onDrop.set(client, dropped);
    client.on('error', dropped);
    this.kept.push(client);
  }

  private takeKept(at: number): pg.PoolClient | undefined {
    const [client] = at >= 0 ? this.kept.splice(at, 1) : [];
    const dropped = client && this.onDrop.get(client);
    if (client && dropped) client.removeListener('error', dropped);
    return client;
  }

  override async end(): Promise<void> {
    while (this.kept.length > 0) this.takeKept(0)?.release();
    return super.end();
  }

  private async connectCleared(): Promise<pg.PoolClient> {
    // Every connection busy or kept: a kept one goes back, so the server's work never waits on
    // connections no one is using.
    const full = this.totalCount >= (this.options.max ?? 10) && this.idleCount === 0;
    if (full) this.takeKept(this.kept.length - 1)?.release();
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
