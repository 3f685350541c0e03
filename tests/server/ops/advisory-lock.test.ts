import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Leadership,
  startLeadership,
  withAdvisoryLock,
} from '../../../server/ops/advisory-lock.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.ts';

const log = pino({ level: 'silent' });
const KEY = 4242;

async function until(check: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('schedules leadership on the embedded database', () => {
  it('leads at once: one process owns the data directory', async () => {
    const leadership = await startLeadership(undefined, { key: KEY, retryMs: 50, log });
    expect(leadership.isLeader()).toBe(true);
    await leadership.stop();
  });
});

describe.runIf(process.env.DATABASE_URL)('schedules leadership on PostgreSQL', () => {
  let testDb: TestDatabase;
  const started: Leadership[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    for (const leadership of started) await leadership.stop();
    await testDb?.drop();
  });

  const start = async () => {
    const leadership = await startLeadership(testDb.url, { key: KEY, retryMs: 50, log });
    started.push(leadership);
    return leadership;
  };

  it('lets one process of several lead, and another take over when it stops', async () => {
    const first = await start();
    const second = await start();
    const third = await start();
    expect([first, second, third].map((l) => l.isLeader())).toEqual([true, false, false]);
    await first.stop();
    await until(() => second.isLeader() || third.isLeader(), 'a new leader');
    // Give the other a few more tries: there is still exactly one leader.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([second.isLeader(), third.isLeader()].filter(Boolean)).toHaveLength(1);
  });

  it('runs work under the migration lock one process at a time', async () => {
    let inside = 0;
    let most = 0;
    const work = async () => {
      inside += 1;
      most = Math.max(most, inside);
      await new Promise((resolve) => setTimeout(resolve, 100));
      inside -= 1;
    };
    await Promise.all([1, 2, 3].map(() => withAdvisoryLock(testDb.url, KEY + 1, work)));
    expect(most).toBe(1);
  });
});
