import { describe, expect, it, vi } from 'vitest';
import { companyPerson } from '../../helpers/company-person.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { bridgeWithStreams, outcome } from './alert-fixtures.ts';

vi.setConfig({ hookTimeout: 300_000 });

interface AlertBody {
  type: string;
  severity: string;
  state: string;
  message: string;
  cause: { datastreams: { stream_id: string }[] };
}

const DETAIL = (a: string, b: string) =>
  `${a} and ${b} disagree: ${a}'s response grew by 10 % against ${b}'s (window standard ` +
  "deviation ratios since the onset, against the reference's); a pair cannot tell which of the " +
  'two changed, so neither is called faulty on this alone';

// Decision 074: a twin pair that disagrees faults neither gauge (decision 068), so the alert is
// how a person hears that one of two gauges in use reads wrong.
describe.each(drivers)("'Sensor disagreement' alerts on %s", (kind) => {
  const t = setupTestApp(kind);

  it('raises one per disagreeing pair for whoever sees the bridge, no sensor fault, and clears it once they agree', async () => {
    const { bridge, streams } = await bridgeWithStreams(t, 'Lions Gate', ['active', 'active']);
    const [a, b] = streams.map((s) => s.stream);
    if (!a || !b) throw new Error('two streams expected');
    const staff = await t.createUser({ staff: true });
    const pair = {
      datastreamIds: [a.id, b.id] as [number, number],
      streamIds: [a.streamId, b.streamId] as [string, string],
      since: new Date('2026-03-01T02:00:00Z'),
      detail: DETAIL(a.streamId, b.streamId),
    };
    await t.services.alerts.analysisCompleted({
      ...outcome(bridge.id, 0),
      sensorFaults: [],
      sensorDisagreements: [pair],
    });
    const alertsOf = async () =>
      (
        await t.request<AlertBody[]>({
          method: 'GET',
          url: `/api/v1/alerts?bridge=${bridge.id}&state=all`,
          token: staff.token,
        })
      ).body;
    const raised = await alertsOf();
    expect(raised.map((x) => [x.type, x.severity, x.state])).toEqual([
      ['Sensor disagreement', 'Medium', 'active'],
    ]);
    expect(raised[0]?.message).toBe(
      `Sensor disagreement: ${a.streamId} and ${b.streamId} disagree since 2026-03-01 02:00 UTC: ` +
        'one of them reads wrong; neither is left out of the condition analysis, the limits or ' +
        `the fatigue counting, so inspect both. ${a.streamId}'s response grew by 10 % against ` +
        `${b.streamId}'s (window standard deviation ratios since the onset, against the ` +
        "reference's); a pair cannot tell which of the two changed, so neither is called faulty " +
        'on this alone',
    );
    expect(raised[0]?.cause.datastreams.map((d) => d.stream_id)).toEqual([a.streamId, b.streamId]);
    // A person receives it: the bell of everyone who may see the bridge.
    const bell = await t.request<{ items: { message?: string; alert_type?: string }[] }>({
      method: 'GET',
      url: '/api/v1/notifications',
      token: staff.token,
    });
    expect(bell.status).toBe(200);
    expect(JSON.stringify(bell.body)).toContain('Sensor disagreement');

    // The next check that did not judge the pair (absent) keeps it; one that found it again
    // keeps one alert; one where they agree clears it.
    await t.services.alerts.analysisCompleted({ ...outcome(bridge.id, 0), sensorFaults: [] });
    await t.services.alerts.analysisCompleted({
      ...outcome(bridge.id, 0),
      sensorDisagreements: [pair],
    });
    expect((await alertsOf()).map((x) => x.state)).toEqual(['active']);
    await t.services.alerts.analysisCompleted({
      ...outcome(bridge.id, 0),
      sensorDisagreements: [],
    });
    expect((await alertsOf()).map((x) => [x.type, x.state])).toEqual([
      ['Sensor disagreement', 'cleared'],
    ]);
  });

  it('can be routed by a notification rule (the rule types of migration 0050)', async () => {
    const admin = await companyPerson(t, 'acme-admin', 'Acme Bridges', { admin: true });
    const company = admin.row.companyId;
    const group = await t.request<{ id: number }>({
      method: 'POST',
      url: `/api/v1/companies/${company}/contact-groups`,
      token: admin.token,
      body: { name: 'Instrumentation', members: [admin.row.id] },
    });
    expect(group.status).toBe(201);
    const rule = await t.request<{ alert_types: string[] }>({
      method: 'POST',
      url: `/api/v1/companies/${company}/notification-rules`,
      token: admin.token,
      body: {
        bridge_id: null,
        alert_types: ['Sensor fault', 'Sensor disagreement'],
        min_severity: 'Medium',
        group_id: group.body.id,
        channels: ['email'],
      },
    });
    expect(rule.status).toBe(201);
    expect(rule.body.alert_types).toEqual(['Sensor fault', 'Sensor disagreement']);
  });
});
