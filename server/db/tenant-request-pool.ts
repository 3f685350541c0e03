import type pg from 'pg';
import { type ConnectionSettings, setSettingsStatement } from './connection-settings.ts';

/** A connection of the request's own, lent to one query (or one drizzle transaction) at a time. */
export interface Lent {
  query(query: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult>;
  release(): void;
}

/**
 * The settings each connection of the tenant pool holds for its session, set by this module
 * alone: the pool's connections are handed out only here, and only once their settings are the
 * request's. A connection the pool has just made, or one whose setting failed, holds none.
 */
const settingsHeld = new WeakMap<pg.PoolClient, string>();

/**
 * The connections of one read request held to a company without a transaction (decision 072,
 * amended). They come from the tenant pool, whose connections keep the settings of the last
 * request that used them for their session (company, user, tenant role): a connection that
 * already holds this request's settings is used as it is, any other is given them in one
 * statement before the request's first query on it, and one whose setting fails is destroyed.
 * So no query of a request runs under another request's company, and a user's run of requests
 * (a dashboard opening) pays no round trip for the wall. A connection left inside a transaction
 * is destroyed rather than returned. A handler's parallel queries each get a connection of the
 * request while the pool has one free at that moment (up to `most`), and otherwise wait for one
 * of the request's own: never for the pool while holding one, so requests cannot deadlock it.
 */
export class TenantRequestPool {
  private readonly idle: pg.PoolClient[] = [];
  private readonly waiters: ((client: pg.PoolClient) => void)[] = [];
  private held = 0;
  private ended = false;
  private readonly set: string;

  constructor(
    private readonly pool: pg.Pool,
    settings: ConnectionSettings,
    private readonly most: number,
  ) {
    this.set = setSettingsStatement(settings, false);
  }

  async query(query: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await this.take();
    try {
      return await client.query(query, values);
    } finally {
      this.give(client);
    }
  }

  async connect(): Promise<Lent> {
    const client = await this.take();
    return {
      query: (query, values) => client.query(query, values),
      release: () => this.give(client),
    };
  }

  /** The request is over: every connection goes back to the pool as soon as it is free. */
  end(): void {
    this.ended = true;
    for (const client of this.idle.splice(0)) this.restore(client);
  }

  private async take(): Promise<pg.PoolClient> {
    if (this.ended) throw new Error('the request has ended; its connections are gone');
    const free = this.idle.pop();
    if (free) return free;
    if (this.held === 0 || (this.held < this.most && this.poolHasOneFree())) return this.open();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private poolHasOneFree(): boolean {
    const { pool } = this;
    const max = pool.options.max ?? 10;
    return pool.waitingCount === 0 && (pool.idleCount > 0 || pool.totalCount < max);
  }

  private async open(): Promise<pg.PoolClient> {
    this.held += 1;
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      this.held -= 1;
      throw error;
    }
    if (settingsHeld.get(client) === this.set) return client;
    try {
      settingsHeld.delete(client);
      await client.query(this.set);
      settingsHeld.set(client, this.set);
      return client;
    } catch (error) {
      this.held -= 1;
      client.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  }

  /**
   * A query's connection goes to the request's next waiting query; otherwise back to the pool
   * at once when another request is queued for one, rather than lie idle in this request while
   * its handler works between queries (decision 072, amended 2026-12-03); else kept for the
   * request's next query, which then needs no settings check.
   */
  private give(client: pg.PoolClient): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(client);
    else if (this.ended || this.pool.waitingCount > 0) this.restore(client);
    else this.idle.push(client);
  }

  /** Back to the pool, or destroyed when a transaction was left open or failed on it. */
  private restore(client: pg.PoolClient): void {
    this.held -= 1;
    if (client.getTransactionStatus() === 'I') client.release();
    else client.release(new Error('a transaction was left open'));
  }
}
