import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import type { EscalationPolicy } from '../../../server/alerts/escalation-policy.ts';
import { alertMail } from '../../helpers/alert-mail.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { until } from '../../helpers/until.ts';
import { assignBridge, bridgeWithStreams, outcome } from './alert-fixtures.ts';

const ALERTS = 50;
// Tier 2 only, so each alert has one deadline and one escalation job.
const POLICY: EscalationPolicy = {
  tier2AfterSeconds: 3,
  tier3AfterSeconds: 0,
  reminderEverySeconds: 0,
};

// Issue 32: a storm over a fleet raises many alerts at once, and each must reach tier 2 at its
// deadline. The escalation worker took one job a poll (pg-boss then waits its 1 s interval), so
// the 50th alert was escalated some 50 s late. PostgreSQL only: the embedded database plans every
// due escalation in one pass of its sweep already.
describe.skipIf(!process.env.DATABASE_URL)('escalations due together on postgres', () => {
  const t = setupTestApp('postgres');
  const { smtp, notifier, serviceWith, settled } = alertMail(t, { escalation: POLICY });

  it('escalates 50 due alerts in one poll of one worker', async () => {
    const operator = await t.createUser({ name: 'storm-operator' });
    const manager = await t.createUser({ staff: true, name: 'storm-manager' });
    const bridgeIds: number[] = [];
    for (let i = 0; i < ALERTS; i += 1) {
      const { bridge } = await bridgeWithStreams(t, `Storm Crossing ${i}`);
      await assignBridge(t, operator.id, bridge.id);
      bridgeIds.push(bridge.id);
    }
    // An API process: it plans the first notices and schedules each alert's deadline; no
    // worker runs until every deadline has passed, so all 50 escalations are due at once.
    const api = serviceWith(await notifier({}, { work: false }));
    for (const bridgeId of bridgeIds) await api.analysisCompleted(outcome(bridgeId, 1));
    const scheduled = async () =>
      rowsOf<{ n: number }>(
        await t.services.database.db.execute(
          sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'alert-escalation'`,
        ),
      )[0]?.n ?? 0;
    await until(async () => (await scheduled()) === ALERTS, 'the 50 escalation jobs', 30_000);
    await new Promise((resolve) => setTimeout(resolve, POLICY.tier2AfterSeconds * 1000 + 500));

    const startedAt = Date.now();
    await notifier();
    const tier2 = () =>
      smtp.received.filter((mail) => mail.to[0] === manager.email && /tier 2/.test(mail.text));
    await until(() => tier2().length >= ALERTS, 'every alert at tier 2', 40_000);
    // One poll, then the emails' own batches of 10: one job a poll took over 50 s.
    expect(Date.now() - startedAt).toBeLessThan(15_000);

    const polls = rowsOf<{ n: number; jobs: number }>(
      await t.services.database.db.execute(sql`
        SELECT count(DISTINCT started_on)::int AS n, count(*)::int AS jobs
        FROM pgboss.job WHERE name = 'alert-escalation' AND state = 'completed'`),
    )[0];
    // A fetch marks its jobs started in one statement: one time stamp is one poll.
    expect(polls).toEqual({ n: 1, jobs: ALERTS });
    await settled();
    expect(new Set(tier2().map((mail) => mail.headers.get('message-id'))).size).toBe(ALERTS);
  }, 120_000);
});
