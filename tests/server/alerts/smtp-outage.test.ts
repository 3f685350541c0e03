import { describe, expect, it } from 'vitest';
import { alertMail } from '../../helpers/alert-mail.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { until } from '../../helpers/until.ts';
import { assignBridge, bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

interface Delivery {
  state: string;
  attempts: number;
  message_id: string;
  last_error: string | null;
}

// Issue 32: "an SMTP outage delays messages and never loses them", none twice. The SMTP server
// refuses connections while alerts are raised; retries come from pg-boss's backoff (PostgreSQL)
// or the embedded database's pass, both compressed by settings read from the configuration.
describe.each(drivers)('alert emails through an SMTP outage on %s', (kind) => {
  const t = setupTestApp(kind);
  const { smtp, notifier, serviceWith, settled } = alertMail(t);

  it(
    'delivers every message once the server returns, each Message-ID and recipient once',
    { timeout: 180_000 },
    async () => {
      const staff = await t.createUser({ staff: true, name: `staff-outage-${kind}` });
      const alertIds: number[] = [];
      await smtp.down();
      const outlet = await notifier();
      const alerts = serviceWith(outlet);
      const people: string[] = [];
      for (const name of ['Outage North', 'Outage South', 'Outage East']) {
        const { bridge } = await bridgeWithStreams(t, name);
        for (const role of ['operator', 'engineer']) {
          const user = await t.createUser({ name: `${role}-${name.split(' ')[1]}-${kind}` });
          await assignBridge(t, user.id, bridge.id);
          people.push(user.email);
        }
        await alerts.analysisCompleted(outcome(bridge.id, 1));
        const [alert] = await storedAlerts(t, bridge.id);
        alertIds.push(alert?.id ?? 0);
      }
      const logs = async () =>
        (
          await Promise.all(
            alertIds.map(
              async (id) =>
                (
                  await t.request<Delivery[]>({
                    method: 'GET',
                    url: `/api/v1/alerts/${id}/deliveries`,
                    token: staff.token,
                  })
                ).body,
            ),
          )
        ).flat();
      await until(
        async () => {
          const rows = await logs();
          return rows.length === 6 && rows.every((d) => d.attempts >= 2 && d.last_error !== null);
        },
        'two refused tries of each of the six',
        // Each retry waits its backoff; beside the browser tests a pre-check needed more than 20 s.
        60_000,
      );
      expect(smtp.received).toHaveLength(0);

      await smtp.up();
      await until(() => smtp.received.length >= 6, 'all six after the outage', 60_000);
      // Later retries or passes must not send any again.
      await settled();
      const keys = smtp.received.map(
        (mail) => `${mail.headers.get('message-id')} ${mail.to.join()}`,
      );
      expect(new Set(keys).size).toBe(6);
      expect(keys).toHaveLength(6);
      expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([...people].sort());
      const rows = await logs();
      expect(rows.map((d) => d.state)).toEqual(Array(6).fill('sent'));
      expect(rows.every((d) => d.last_error === null)).toBe(true);
      expect(new Set(rows.map((d) => d.message_id))).toEqual(
        new Set(smtp.received.map((mail) => mail.headers.get('message-id'))),
      );
    },
  );
});
