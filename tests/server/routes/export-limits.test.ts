import { describe, expect, it } from 'vitest';
import { streamOnBridge } from '../../helpers/readings-fixtures.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

/** Lets a test hold the first export open at its start, as a long one would stay open. */
function gate() {
  let open: () => void = () => undefined;
  let reached: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  let first = true;
  return {
    open,
    arrived,
    async pass() {
      if (!first) return;
      first = false;
      reached();
      await opened;
    },
  };
}

describe.each(drivers)('raw exports at once on %s (issue 37, finding 6)', (kind) => {
  const held = gate();
  const t = setupTestApp(kind, {
    // The real query, its first export held at the start until the test lets it go.
    overrides: (services) => ({
      readingsQuery: {
        ...services.readingsQuery,
        async *csvLines(id: number, fromMs: number, toMs: number) {
          await held.pass();
          yield* services.readingsQuery.csvLines(id, fromMs, toMs);
        },
      },
    }),
  });

  it('runs one export per user at a time and answers 429 to a second meanwhile', async () => {
    const staff = await t.createUser({ staff: true });
    const other = await t.createUser({ staff: true });
    const { stream } = await streamOnBridge(t);
    const exportAs = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/datastreams/${stream.id}/readings.csv`,
        headers: { authorization: `Bearer ${token}` },
      });

    const first = exportAs(staff.token);
    await held.arrived;
    const second = await exportAs(staff.token);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({
      detail: 'Another export of yours is running; try again when it is done',
    });
    expect(second.headers['retry-after']).toBe('5');
    expect((await exportAs(other.token)).statusCode).toBe(200);

    held.open();
    expect((await first).statusCode).toBe(200);
    expect((await exportAs(staff.token)).statusCode).toBe(200);
  });
});
