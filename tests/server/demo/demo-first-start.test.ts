import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { prepareDemoOnStart } from '../../../server/seed/demo-first-start.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { LIGHT_RATES } from './light-rates.ts';

describe.each(drivers)('the demo on start on %s', (kind) => {
  const t = setupTestApp(kind);

  async function counts() {
    const result = await t.services.database.db.execute(sql`
      SELECT (SELECT count(*) FROM users)::int AS users,
        (SELECT count(*) FROM readings)::int AS blocks,
        (SELECT coalesce(sum(sample_count), 0) FROM datastreams)::float8 AS samples`);
    return (result as unknown as { rows: { users: number; blocks: number; samples: number }[] })
      .rows[0];
  }

  it('seeds the company and its history on an empty database, and nothing on the next start', async () => {
    const config = { production: false, demoHistoryDays: 2 };
    const messages: string[] = [];
    const options = { rates: LIGHT_RATES, log: (m: string) => messages.push(m) };
    expect(await prepareDemoOnStart(t.services, config, [], options)).toEqual({
      allowed: true,
      seeded: true,
    });
    const first = await counts();
    expect(first?.users).toBe(3);
    expect(first?.blocks).toBeGreaterThan(0);
    expect(messages.some((m) => m.includes('2 of 2 days stored'))).toBe(true);

    expect(await prepareDemoOnStart(t.services, config, [], options)).toEqual({
      allowed: true,
      seeded: false,
    });
    expect(await counts()).toEqual(first);
  });

  it('writes no history with DEMO_HISTORY_DAYS=0 and seeds nothing in production', async () => {
    const production = { production: true, demoHistoryDays: 30 };
    expect(await prepareDemoOnStart(t.services, production, [])).toEqual({
      allowed: false,
      seeded: false,
    });
    expect((await counts())?.users).toBe(0);

    const none = { production: false, demoHistoryDays: 0 };
    await prepareDemoOnStart(t.services, none, []);
    expect(await counts()).toEqual({ users: 3, blocks: 0, samples: 0 });
  });
});
