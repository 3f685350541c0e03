import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { EMAIL_BATCH } from '../../../server/alerts/queued-email-notifier.ts';
import { alertMail } from '../../helpers/alert-mail.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { until } from '../../helpers/until.ts';
import { assignBridge, bridgeWithStreams, outcome } from './alert-fixtures.ts';

const PEOPLE = 15;

// Issue 32's bench: a burst of alerts must reach people within seconds. pg-boss pauses its
// polling interval (1 s) after each fetch, so a worker taking one job a fetch sent one email a
// second: fifteen recipients of one alert waited up to 15 s. PostgreSQL only: the embedded
// database sends in-process, without pg-boss.
describe.skipIf(!process.env.DATABASE_URL)('a burst of queued alert emails on postgres', () => {
  const t = setupTestApp('postgres');
  const { smtp, notifier, serviceWith, settled } = alertMail(t);

  it('sends fifteen recipients their email within 10 s, each once (15 s before)', async () => {
    const { bridge } = await bridgeWithStreams(t, 'Burst Crossing');
    const people: string[] = [];
    for (let i = 0; i < PEOPLE; i += 1) {
      const user = await t.createUser({ name: `burst-${i}` });
      await assignBridge(t, user.id, bridge.id);
      people.push(user.email);
    }
    const outlet = await notifier();
    // The worker's first empty poll has passed: what follows is the steady state.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const raisedAt = Date.now();
    await serviceWith(outlet).analysisCompleted(outcome(bridge.id, 1));
    await until(() => smtp.received.length >= PEOPLE, 'every recipient', 30_000);
    const last = Math.max(...smtp.received.map((mail) => mail.receivedAt));
    // Room for a loaded machine; one email a poll took 15 s.
    expect(last - raisedAt).toBeLessThan(10_000);
    await settled();
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([...people].sort());
    const ids = smtp.received.map((mail) => mail.headers.get('message-id'));
    expect(new Set(ids).size).toBe(PEOPLE);
  });

  // bench:notify (decision 065, 2026-12-02 (d)): each job of a batch claimed its row alone, five
  // statements each on the pool of five connections, and the batch waited for its slowest claim:
  // the worker fell behind a storm and emails waited up to 70 s for it. A batch is now claimed
  // in one statement (its alerts, recipients and maintenance windows in one each).
  it('claims a worker batch of emails in one statement, not one a job (ten before)', async () => {
    const { bridge } = await bridgeWithStreams(t, 'Batch Claim Crossing');
    const people: string[] = [];
    for (let i = 0; i < EMAIL_BATCH; i += 1) {
      const user = await t.createUser({ name: `claim-${i}` });
      await assignBridge(t, user.id, bridge.id);
      people.push(user.email);
    }
    const outlet = await notifier();
    const pool = (t.services.database.db as unknown as { $client: pg.Pool }).$client;
    const claims: string[] = [];
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    const spy = (...args: unknown[]) => {
      const first = args[0];
      const text = typeof first === 'string' ? first : (first as { text?: string }).text;
      if (
        text &&
        /^update "alert_deliveries" set "attempts" = "alert_deliveries"."attempts" \+ 1/.test(text)
      )
        claims.push(text);
      return query(...args);
    };
    Object.assign(pool, { query: spy });
    try {
      await serviceWith(outlet).analysisCompleted(outcome(bridge.id, 1));
      await until(() => smtp.received.length >= EMAIL_BATCH, 'every recipient', 30_000);
      await settled();
    } finally {
      Object.assign(pool, { query });
    }
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([...people].sort());
    // The plan inserts the ten jobs in one statement; a poll may still split them in two.
    expect(claims.length).toBeLessThanOrEqual(2);
  });
});
