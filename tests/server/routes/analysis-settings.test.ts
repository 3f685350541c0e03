import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { assignBridge, bridgeWithStreams } from '../alerts/alert-fixtures.ts';

// PGlite's migrations on a loaded shared machine can outlast the default hook time.
vi.setConfig({ hookTimeout: 300_000 });

type Settings = components['schemas']['AnalysisSettings'];

describe.each(drivers)('analysis settings API on %s', (kind) => {
  const t = setupTestApp(kind);

  async function scene() {
    const staff = await t.createUser({ staff: true, name: 'engineer' });
    const operator = await t.createUser();
    const outsider = await t.createUser();
    const { bridge } = await bridgeWithStreams(t, 'Hawkshaw');
    await assignBridge(t, operator.id, bridge.id);
    return { staff, operator, outsider, bridgeId: bridge.id };
  }

  const url = (bridgeId: number) => `/api/v1/bridges/${bridgeId}/analysis-settings`;
  const get = (token: string, bridgeId: number) =>
    t.request<Settings & { detail?: string }>({ method: 'GET', url: url(bridgeId), token });
  const put = (token: string, bridgeId: number, body: unknown) =>
    t.request<Settings & { detail?: string }>({ method: 'PUT', url: url(bridgeId), token, body });

  it('reads the defaults, stores what staff set, and audits it in the bridge history', async () => {
    const { staff, operator, bridgeId } = await scene();
    const initial = await get(operator.token, bridgeId);
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({
      bridge: bridgeId,
      amber_percent: -2,
      red_percent: -5,
      target_false_alarm_rate: 0.001,
      stored: false,
      updated_at: null,
    });

    const set = await put(staff.token, bridgeId, {
      amber_percent: -1.5,
      red_percent: -4,
      target_false_alarm_rate: 0.01,
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ amber_percent: -1.5, red_percent: -4, stored: true });
    const again = await put(staff.token, bridgeId, {
      amber_percent: -3,
      red_percent: -3,
      target_false_alarm_rate: 0.005,
    });
    expect(again.status).toBe(200);
    const read = await get(operator.token, bridgeId);
    expect(read.body).toMatchObject({
      amber_percent: -3,
      red_percent: -3,
      target_false_alarm_rate: 0.005,
      stored: true,
    });
    expect(Date.parse(read.body.updated_at ?? '')).not.toBeNaN();

    const audit = await t.request<components['schemas']['AuditPage']>({
      method: 'GET',
      url: `/api/v1/audit?object_type=bridge&object_id=${bridgeId}`,
      token: staff.token,
    });
    const entries = audit.body.items.filter((e) => e.record === 'bridge_analysis_settings');
    expect(entries.map((e) => [e.action, e.actor, e.operation])).toEqual([
      ['update', 'engineer', 'setAnalysisSettings'],
      ['create', 'engineer', 'setAnalysisSettings'],
    ]);
  });

  it('refuses bad input naming the field, and keeps writes to staff', async () => {
    const { staff, operator, outsider, bridgeId } = await scene();
    const good = { amber_percent: -2, red_percent: -5, target_false_alarm_rate: 0.001 };
    const cases: [unknown, string][] = [
      [{ ...good, amber_percent: 1 }, 'amber_percent'],
      [{ ...good, amber_percent: -0.05 }, 'amber_percent'],
      [{ ...good, red_percent: -51 }, 'red_percent'],
      [{ ...good, red_percent: 'x' }, 'red_percent'],
      [{ ...good, amber_percent: -6 }, 'red_percent'],
      [{ ...good, target_false_alarm_rate: 0.0005 }, 'target_false_alarm_rate'],
      [{ ...good, target_false_alarm_rate: 0.5 }, 'target_false_alarm_rate'],
      [{ amber_percent: -2, red_percent: -5 }, 'target_false_alarm_rate'],
    ];
    for (const [body, field] of cases) {
      const answer = await put(staff.token, bridgeId, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.detail, JSON.stringify(body)).toContain(field);
    }
    expect((await get(staff.token, bridgeId)).body.stored).toBe(false);
    expect((await put(operator.token, bridgeId, good)).status).toBe(403);
    expect((await put(staff.token, 999_999, good)).status).toBe(404);
    expect((await get(outsider.token, bridgeId)).status).toBe(404);
    expect((await get(staff.token, 999_999)).status).toBe(404);
    expect((await t.request({ method: 'GET', url: url(bridgeId) })).status).toBe(401);
  });
});
