import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../server/contract-types.ts';
import { DEMO_OPERATOR, DEMO_STAFF } from '../../../server/seed/demo-accounts.ts';
import { prepareDemoOnStart } from '../../../server/seed/demo-first-start.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

type Group = Schemas['ContactGroup'];
type Rule = Schemas['NotificationRule'];
type Rota = Schemas['Rota'];
type OnCall = Schemas['OnCall'];
type User = Schemas['User'];

// Issue 32: "The demo company has a rota and a default policy" (decision 065), as the demo
// company's own user reads them through the API, made once however often the server starts.
describe.each(drivers)('the demo notification policy on %s', (kind) => {
  const t = setupTestApp(kind);

  const signIn = async (email: string, password: string) =>
    (
      await t.request<{ access: string }>({
        method: 'POST',
        url: '/api/v1/auth/login',
        body: { email, password },
      })
    ).body.access;

  it('gives the demo company a group, a High-and-up email and text rule, a verified phone and a weekly rota, once', async () => {
    const config = { production: false, demoHistoryDays: 0 };
    await prepareDemoOnStart(t.services, config, []);
    // A restart finds the demo and adds nothing.
    await prepareDemoOnStart(t.services, config, []);

    const token = await signIn(DEMO_OPERATOR.email, DEMO_OPERATOR.password);
    const me = await t.request<User>({
      method: 'GET',
      url: '/api/v1/user/me',
      token,
    });
    const company = `/api/v1/companies/${me.body.company_id}`;
    const read = async <T>(what: string) =>
      (await t.request<T>({ method: 'GET', url: `${company}/${what}`, token })).body;

    const groups = await read<Group[]>('contact-groups');
    expect(groups.map((g) => [g.name, g.members])).toEqual([['Bridge duty', [me.body.id]]]);
    const rules = await read<Rule[]>('notification-rules');
    expect(rules).toEqual([
      expect.objectContaining({
        bridge_id: null,
        alert_types: null,
        min_severity: 'High',
        group_id: groups[0]?.id,
        channels: ['email', 'sms'],
        tier: 1,
      }),
    ]);
    // The operator's number is verified, so texts reach it once the SMS provider is set.
    const settings = await t.request<{ phone: string | null; phone_verified: boolean }>({
      method: 'GET',
      url: '/api/v1/me/notification-settings',
      token,
    });
    expect(settings.body).toMatchObject({ phone: DEMO_OPERATOR.phone, phone_verified: true });
    const rotas = await read<Rota[]>('rotas');
    expect(rotas.map((r) => [r.name, r.rotation, r.members])).toEqual([
      ['Weekly on call', 'weekly', [me.body.id]],
    ]);
    const onCall = await read<OnCall[]>('on-call');
    expect(onCall.map((entry) => entry.username)).toEqual([DEMO_OPERATOR.username]);

    // The platform's staff company keeps none: its people hear of alerts at tier 2.
    const staffToken = await signIn(DEMO_STAFF.email, DEMO_STAFF.password);
    const staffMe = await t.request<User>({
      method: 'GET',
      url: '/api/v1/user/me',
      token: staffToken,
    });
    const staffGroups = await t.request<Group[]>({
      method: 'GET',
      url: `/api/v1/companies/${staffMe.body.company_id}/contact-groups`,
      token: staffToken,
    });
    expect(staffGroups.body).toEqual([]);
  });
});
