import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AnalysisOutcome } from '../../../server/alerts/analysis-outcome.ts';
import { alertActions, auditLog, baselineVersions } from '../../../server/db/schema.ts';
import { alphaBridgeCast, companyPerson } from '../../helpers/company-person.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp, type TestContext } from '../../helpers/test-app.ts';

interface PlanBody {
  bridge: number;
  amber: { text: string; due_hours: number; owner_group: number | null; owner_name: string }[];
  red: { text: string; due_hours: number; owner_group: number | null; owner_name: string }[];
}
interface ActionBody {
  id: number;
  alert: number;
  level: 'amber' | 'red';
  text: string;
  owner_name: string;
  due_at: string;
  done_at: string | null;
  done_by: { id: number; username: string } | null;
  comment: string | null;
}
interface AlertBody {
  id: number;
  type: string;
  severity: string;
  raised_at: string;
}

const HOUR = 3_600_000;

/** Alpha's cast, with a contact group "Engineers of record" of Alpha and one of Beta. */
async function cast(t: TestContext) {
  const people = await alphaBridgeCast(t);
  const groups = t.services.contactGroups;
  const engineers = await groups.createGroup(people.adminA.row.companyId, {
    name: 'Engineers of record',
    members: [people.adminA.row.id],
  });
  const betaGroup = await groups.createGroup(people.adminB.row.companyId, {
    name: 'Beta crew',
    members: [people.adminB.row.id],
  });
  const operatorRow = await t.services.users.findById(people.operator.id);
  return {
    ...people,
    engineers: engineers.id,
    betaGroup: betaGroup.id,
    operatorUser: { id: people.operator.id, username: operatorRow?.username },
  };
}

const planOf = (engineers: number) => ({
  amber: [{ text: 'Inspect the main span', due_hours: 72, owner_group: null }],
  red: [
    { text: 'Restrict traffic to one lane', due_hours: 2, owner_group: null },
    // Its own reminder interval once overdue (decision 077, amended 2026-12-01).
    {
      text: 'Call the engineer of record',
      due_hours: 1,
      owner_group: engineers,
      reminder_minutes: 10,
    },
  ],
});

/** The bridge's active reference, which a trigger level is judged against (decision 051). */
async function activeReference(t: TestContext, bridgeId: number) {
  await t.services.database.db.insert(baselineVersions).values({
    bridgeId,
    version: 1,
    status: 'active',
    trainedFrom: new Date('2026-01-01T00:00:00Z'),
    trainedTo: new Date('2026-01-15T00:00:00Z'),
    windowsUsed: 2000,
    modes: [],
    model: {},
    trainingSeconds: 1,
    reason: 'commissioning',
  });
}

/** An evaluation at `at` whose one mode holds `level` against reference version 1. */
function crossing(bridgeId: number, level: 'amber' | 'red', at: Date): AnalysisOutcome {
  return {
    bridgeId,
    numAnomalies: 0,
    evaluatedAt: at,
    anomalousWindows: [],
    contributingStreams: [],
    referenceShift: {
      version: 1,
      levels: { amberPercent: -2, redPercent: -5 },
      modes: [
        {
          feature: 's1-acc.f1',
          level,
          estimate_percent: level === 'red' ? -5.5 : -2.5,
          uncertainty_percent: 0.1,
          crossed_at: at.toISOString(),
        },
      ],
    },
  };
}

describe.each(drivers)("a bridge's trigger-action-response plan on %s", (kind) => {
  const t = setupTestApp(kind);

  it('is set by the company administrator, read by the assigned operator, audited as the bridge’s', async () => {
    const { adminA, operator, bridgeId, engineers } = await cast(t);
    const url = `/api/v1/bridges/${bridgeId}/response-plan`;
    const empty = await t.request<PlanBody>({ method: 'GET', url, token: operator.token });
    expect(empty).toMatchObject({ status: 200, body: { bridge: bridgeId, amber: [], red: [] } });

    const set = await t.request<PlanBody>({
      method: 'PUT',
      url,
      token: adminA.token,
      body: planOf(engineers),
    });
    expect(set.status).toBe(200);
    const read = await t.request<PlanBody>({ method: 'GET', url, token: operator.token });
    expect(read.body).toEqual({
      bridge: bridgeId,
      amber: [
        {
          text: 'Inspect the main span',
          due_hours: 72,
          owner_group: null,
          owner_name: 'Company administrators',
          reminder_minutes: null,
        },
      ],
      red: [
        {
          text: 'Restrict traffic to one lane',
          due_hours: 2,
          owner_group: null,
          owner_name: 'Company administrators',
          reminder_minutes: null,
        },
        {
          text: 'Call the engineer of record',
          due_hours: 1,
          owner_group: engineers,
          owner_name: 'Engineers of record',
          reminder_minutes: 10,
        },
      ],
    });
    const audited = await t.services.database.db
      .selectDistinct({ objectType: auditLog.objectType, objectId: auditLog.objectId })
      .from(auditLog)
      .where(eq(auditLog.operation, 'updateResponsePlan'));
    expect(audited).toEqual([{ objectType: 'bridge', objectId: String(bridgeId) }]);
  });

  it('refuses each bad field with a 400 naming it, and stores nothing', async () => {
    const { adminA, bridgeId, engineers, betaGroup } = await cast(t);
    const url = `/api/v1/bridges/${bridgeId}/response-plan`;
    const action = { text: 'Inspect', due_hours: 72, owner_group: null };
    const cases: [object, string][] = [
      [{ amber: [{ ...action, text: '   ' }], red: [] }, 'amber[0].text: 1 to 200 characters'],
      [{ amber: [], red: [{ ...action, text: 'x'.repeat(201) }] }, 'red/0/text'],
      [{ amber: [{ ...action, due_hours: 0 }], red: [] }, 'amber/0/due_hours'],
      [{ amber: [{ ...action, due_hours: 8761 }], red: [] }, 'amber/0/due_hours'],
      [{ amber: [{ ...action, due_hours: 2.5 }], red: [] }, 'amber/0/due_hours'],
      [{ amber: [{ ...action, reminder_minutes: 4 }], red: [] }, 'amber/0/reminder_minutes'],
      [{ amber: [], red: [{ ...action, reminder_minutes: 1441 }] }, 'red/0/reminder_minutes'],
      [{ amber: [{ ...action, reminder_minutes: 7.5 }], red: [] }, 'amber/0/reminder_minutes'],
      [{ amber: [{ ...action, reminder_minutes: '10' }], red: [] }, 'amber/0/reminder_minutes'],
      [
        { amber: [], red: [action, { ...action, owner_group: betaGroup }] },
        `red[1].owner_group: no contact group of the bridge's company with id ${betaGroup}`,
      ],
      [{ amber: Array(21).fill(action), red: [] }, 'amber'],
      [{ amber: [] }, 'red'],
    ];
    for (const [body, detail] of cases) {
      const response = await t.request<{ detail: string }>({
        method: 'PUT',
        url,
        token: adminA.token,
        body,
      });
      expect([JSON.stringify(body).slice(0, 80), response.status]).toEqual([
        JSON.stringify(body).slice(0, 80),
        400,
      ]);
      expect(response.body.detail).toContain(detail);
    }
    const stored = await t.request<PlanBody>({ method: 'GET', url, token: adminA.token });
    expect(stored.body).toMatchObject({ amber: [], red: [] });
    const twenty = await t.request({
      method: 'PUT',
      url,
      token: adminA.token,
      body: { amber: Array(20).fill({ ...action, owner_group: engineers }), red: [] },
    });
    expect(twenty.status).toBe(200);
  });

  it('lets staff set it, refuses an operator (403) and another company (404, as an unknown bridge)', async () => {
    const { adminB, operator, outsider, bridgeId, engineers } = await cast(t);
    const staff = await companyPerson(t, 'sam', 'SpanWatch Platform', { staff: true });
    const url = `/api/v1/bridges/${bridgeId}/response-plan`;
    const body = planOf(engineers);
    expect((await t.request({ method: 'PUT', url, token: staff.token, body })).status).toBe(200);
    expect((await t.request({ method: 'PUT', url, token: operator.token, body })).status).toBe(403);
    const ghost = '/api/v1/bridges/999999/response-plan';
    for (const token of [adminB.token]) {
      const onA = await t.request({ method: 'PUT', url, token, body });
      const onGhost = await t.request({ method: 'PUT', url: ghost, token, body });
      expect(onA.status).toBe(404);
      expect(JSON.stringify(onA.body).replace(/\d+/g, '#')).toBe(
        JSON.stringify(onGhost.body).replace(/\d+/g, '#'),
      );
    }
    for (const token of [adminB.token, outsider.token]) {
      expect((await t.request({ method: 'GET', url, token })).status).toBe(404);
    }
  });

  it("copies the level's actions onto the alert when it is crossed, due from the crossing, and keeps them when the plan changes", async () => {
    const { adminA, operator, outsider, operatorUser, bridgeId, engineers } = await cast(t);
    await activeReference(t, bridgeId);
    const url = `/api/v1/bridges/${bridgeId}/response-plan`;
    await t.request({ method: 'PUT', url, token: adminA.token, body: planOf(engineers) });

    const amberAt = new Date('2026-03-01T10:00:00Z');
    await t.services.alerts.analysisCompleted(crossing(bridgeId, 'amber', amberAt));
    const [alert] = (
      await t.request<AlertBody[]>({
        method: 'GET',
        url: `/api/v1/alerts?bridge=${bridgeId}`,
        token: operator.token,
      })
    ).body.filter((a) => a.type === 'Trigger level crossed');
    expect(alert).toMatchObject({ severity: 'Medium' });
    const actionsUrl = `/api/v1/alerts/${alert?.id}/actions`;
    const amber = await t.request<ActionBody[]>({
      method: 'GET',
      url: actionsUrl,
      token: operator.token,
    });
    expect(amber.body).toEqual([
      {
        id: expect.any(Number),
        alert: alert?.id,
        level: 'amber',
        text: 'Inspect the main span',
        owner_name: 'Company administrators',
        due_at: new Date(Date.parse(alert?.raised_at ?? '') + 72 * HOUR).toISOString(),
        done_at: null,
        done_by: null,
        comment: null,
      },
    ]);

    // The plan changes while the alert is open: the alert keeps what amber required then.
    await t.request({
      method: 'PUT',
      url,
      token: adminA.token,
      body: {
        amber: [{ text: 'Something else', due_hours: 5, owner_group: null }],
        red: planOf(engineers).red,
      },
    });
    await t.services.alerts.analysisCompleted(
      crossing(bridgeId, 'amber', new Date(amberAt.getTime() + HOUR)),
    );
    const kept = await t.request<ActionBody[]>({
      method: 'GET',
      url: actionsUrl,
      token: operator.token,
    });
    expect(kept.body.map((a) => a.text)).toEqual(['Inspect the main span']);

    // It goes on to red: red's actions join, due from the red crossing.
    // Due from the time the alert service saw the crossing (its clock, as the raise's).
    const before = Date.now();
    await t.services.alerts.analysisCompleted(
      crossing(bridgeId, 'red', new Date(amberAt.getTime() + 6 * HOUR)),
    );
    const after = Date.now();
    const both = await t.request<ActionBody[]>({
      method: 'GET',
      url: actionsUrl,
      token: operator.token,
    });
    expect(both.body.map((a) => [a.level, a.text, a.owner_name])).toEqual([
      ['amber', 'Inspect the main span', 'Company administrators'],
      ['red', 'Restrict traffic to one lane', 'Company administrators'],
      ['red', 'Call the engineer of record', 'Engineers of record'],
    ]);
    expect(both.body[0]?.due_at).toBe(amber.body[0]?.due_at);
    const crossedRed = [2, 1].map(
      (hours, i) => Date.parse(both.body[i + 1]?.due_at ?? '') - hours * HOUR,
    );
    expect(crossedRed[0]).toBe(crossedRed[1]);
    expect(crossedRed[0]).toBeGreaterThanOrEqual(before);
    expect(crossedRed[0]).toBeLessThanOrEqual(after);
    // Each copy keeps its plan's reminder interval: the overdue check reads it from the alert.
    const intervals = await t.services.database.db
      .select({ text: alertActions.text, every: alertActions.reminderMinutes })
      .from(alertActions)
      .where(eq(alertActions.alertId, alert?.id ?? 0));
    expect(intervals.sort((a, b) => a.text.localeCompare(b.text))).toEqual([
      { text: 'Call the engineer of record', every: 10 },
      { text: 'Inspect the main span', every: null },
      { text: 'Restrict traffic to one lane', every: null },
    ]);
    expect(
      (await t.request({ method: 'GET', url: actionsUrl, token: outsider.token })).status,
    ).toBe(404);

    // Ticked off with a comment by the operator, once; audited as the alert's.
    const call = both.body[2];
    const doneUrl = `${actionsUrl}/${call?.id}/complete`;
    const blank = await t.request<{ detail: string }>({
      method: 'POST',
      url: doneUrl,
      token: operator.token,
      body: { comment: '   ' },
    });
    expect(blank).toMatchObject({
      status: 400,
      body: { detail: 'comment: this field is required' },
    });
    const byOutsider = await t.request({
      method: 'POST',
      url: doneUrl,
      token: outsider.token,
      body: { comment: 'Called' },
    });
    expect(byOutsider.status).toBe(404);
    const done = await t.request<ActionBody>({
      method: 'POST',
      url: doneUrl,
      token: operator.token,
      body: { comment: 'Called Dr. Okafor at 16:05' },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      id: call?.id,
      done_by: { id: operatorUser.id, username: operatorUser.username },
      comment: 'Called Dr. Okafor at 16:05',
    });
    expect(done.body.done_at).not.toBeNull();
    const again = await t.request({
      method: 'POST',
      url: doneUrl,
      token: adminA.token,
      body: { comment: 'Called too' },
    });
    expect(again.status).toBe(409);
    const elsewhere = await t.request({
      method: 'POST',
      url: `${actionsUrl}/999999/complete`,
      token: operator.token,
      body: { comment: 'x' },
    });
    expect(elsewhere.status).toBe(404);
    const audited = await t.services.database.db
      .select({ objectType: auditLog.objectType, objectId: auditLog.objectId })
      .from(auditLog)
      .where(eq(auditLog.operation, 'completeAlertAction'));
    expect(audited).toEqual([{ objectType: 'alert', objectId: String(alert?.id) }]);
  });

  it('gives both levels’ actions to an alert that starts at red, and none without a plan', async () => {
    const { adminA, operator, bridgeId, engineers } = await cast(t);
    await activeReference(t, bridgeId);
    await t.services.alerts.analysisCompleted(
      crossing(bridgeId, 'red', new Date('2026-03-01T10:00:00Z')),
    );
    const alerts = await t.request<AlertBody[]>({
      method: 'GET',
      url: `/api/v1/alerts?bridge=${bridgeId}`,
      token: operator.token,
    });
    const alert = alerts.body.find((a) => a.type === 'Trigger level crossed');
    const none = await t.request<ActionBody[]>({
      method: 'GET',
      url: `/api/v1/alerts/${alert?.id}/actions`,
      token: operator.token,
    });
    expect(none.body).toEqual([]);

    // A second bridge-wide alert after the first clears: a plan set meanwhile applies to it.
    await t.request({
      method: 'PUT',
      url: `/api/v1/bridges/${bridgeId}/response-plan`,
      token: adminA.token,
      body: planOf(engineers),
    });
    await t.services.alerts.analysisCompleted({
      ...crossing(bridgeId, 'red', new Date('2026-03-02T10:00:00Z')),
      referenceShift: {
        version: 1,
        levels: { amberPercent: -2, redPercent: -5 },
        modes: [],
      },
    });
    await t.services.alerts.analysisCompleted(
      crossing(bridgeId, 'red', new Date('2026-03-03T10:00:00Z')),
    );
    const again = await t.request<AlertBody[]>({
      method: 'GET',
      url: `/api/v1/alerts?bridge=${bridgeId}`,
      token: operator.token,
    });
    const second = again.body.find((a) => a.type === 'Trigger level crossed');
    expect(second?.id).not.toBe(alert?.id);
    const actions = await t.request<ActionBody[]>({
      method: 'GET',
      url: `/api/v1/alerts/${second?.id}/actions`,
      token: operator.token,
    });
    expect(actions.body.map((a) => `${a.level}: ${a.text}`)).toEqual([
      'amber: Inspect the main span',
      'red: Restrict traffic to one lane',
      'red: Call the engineer of record',
    ]);
  });
});
