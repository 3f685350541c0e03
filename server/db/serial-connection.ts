import type pg from 'pg';

type QueryText = string | pg.QueryConfig;

function textOf(query: QueryText): string {
  return typeof query === 'string' ? query : query.text;
}

/**
 * One checked-out connection given to drizzle for a request's transaction. A handler's parallel
 * queries (`Promise.all`) reach it together; they go out one after another through a chain of
 * our own, because node-postgres's own queue for them is deprecated and warns ("client.query()
 * when the client is already executing a query"). The transaction's `BEGIN` carries the
 * request's settings in the same message (`opening`): one round trip where there were two.
 */
export class SerialConnection {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly client: pg.PoolClient,
    private readonly opening: string,
  ) {}

  query(query: QueryText, values?: unknown[]): Promise<pg.QueryResult> {
    const send = () =>
      /^begin$/i.test(textOf(query).trim())
        ? this.client.query(`BEGIN; ${this.opening}`).then(() => emptyResult)
        : this.client.query(query, values);
    const result = this.tail.then(send, send);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** drizzle opens its transaction on what a pool's connect() gives; this is the one. */
  async connect(): Promise<{ query: SerialConnection['query']; release: () => void }> {
    return { query: (query, values) => this.query(query, values), release: () => undefined };
  }

  /**
   * Back to the pool only if no transaction is left open or failed on it ('I'dle): a failed
   * ROLLBACK, or a BEGIN whose settings failed, would hand the next request a transaction with
   * this one's company in it. Such a connection is destroyed instead.
   */
  release(): void {
    const clean = this.client.getTransactionStatus() === 'I';
    this.client.release(clean ? undefined : new Error('a transaction was left open'));
  }
}

const emptyResult: pg.QueryResult = {
  command: 'BEGIN',
  rowCount: null,
  oid: 0,
  fields: [],
  rows: [],
};
