import { describe, expect, it } from 'vitest';
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
});
