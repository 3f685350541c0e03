import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

vi.setConfig({ hookTimeout: 300_000 });

type Schemas = components['schemas'];

// Issue 30, decision 045 amended 2026-12-03 (g): a sensor's register status kept as a dated
// history, each change with when it took effect and who made it.
describe.each(drivers)('sensor status history on %s', (kind) => {
  const t = setupTestApp(kind);
  let token: string;
  let sensor: Schemas['Sensor'];

  const post = <T>(url: string, body: unknown, as = token) =>
    t.request<T>({ method: 'POST', url, token: as, body });
  const get = <T>(url: string, as = token) => t.request<T>({ method: 'GET', url, token: as });
  const history = (as = token) =>
    get<Schemas['SensorStatusChange'][]>(`/api/v1/sensors/${sensor.id}/status-changes`, as);

  beforeEach(async () => {
    ({ token } = await t.createUser({ staff: true, name: 'inspector' }));
    const bridge = await post<Schemas['Bridge']>('/api/v1/bridges/create', {
      name: 'Lions Gate Bridge',
      location: 'Vancouver, BC',
      construction_date: '1938-11-14',
      length_per_span: 473,
      latitude: 49.3,
      longitude: -123.1,
    });
    const span = await post<Schemas['Span']>('/api/v1/spans/create', {
      bridge: bridge.body.id,
      span_id: 'Main',
      length: 473,
    });
    const created = await post<Schemas['Sensor']>('/api/v1/sensors/create', {
      bridge: bridge.body.id,
      span: span.body.id,
      sensor_id: 'SG-07',
      type: 'strain_gauge',
      status: 'active',
      installation_date: '2024-05-02',
    });
    expect(created.status).toBe(201);
    sensor = created.body;
  });

  it('starts with the status the sensor was created with, from its installation day, by its creator', async () => {
    const start = await history();
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject([
      {
        sensor: sensor.id,
        status: 'active',
        effective_at: '2024-05-02T00:00:00.000Z',
        changed_by: 'inspector',
        note: null,
        dated: true,
      },
    ]);
  });

  it('records a change from the time it took effect and makes it the sensor’s status', async () => {
    const changed = await post<Schemas['SensorStatusChange']>(
      `/api/v1/sensors/${sensor.id}/status-changes`,
      { status: 'maintenance', effective_at: '2026-11-30T08:00:00Z', note: 'Re-bonding the gauge' },
    );
    expect(changed.status).toBe(201);
    expect(changed.body).toMatchObject({
      status: 'maintenance',
      effective_at: '2026-11-30T08:00:00.000Z',
      changed_by: 'inspector',
      note: 'Re-bonding the gauge',
      dated: true,
    });
    const sensors = await get<Schemas['Sensor'][]>('/api/v1/sensors');
    expect(sensors.body.find((s) => s.id === sensor.id)?.status).toBe('maintenance');
    // Without a time it takes effect now.
    const before = Date.now();
    const back = await post<Schemas['SensorStatusChange']>(
      `/api/v1/sensors/${sensor.id}/status-changes`,
      { status: 'active' },
    );
    expect(back.status).toBe(201);
    expect(Date.parse(back.body.effective_at)).toBeGreaterThanOrEqual(before - 1000);
    expect((await history()).body.map((c) => c.status)).toEqual([
      'active',
      'maintenance',
      'active',
    ]);
  });

  it('refuses a change in the future, before the last change, or to the status in force', async () => {
    const url = `/api/v1/sensors/${sensor.id}/status-changes`;
    const future = await post(url, { status: 'faulty', effective_at: '2999-01-01T00:00:00Z' });
    expect(future.status).toBe(400);
    expect(future.body).toEqual({ detail: 'effective_at: must not be in the future' });
    const early = await post(url, { status: 'faulty', effective_at: '2024-01-01T00:00:00Z' });
    expect(early.status).toBe(400);
    expect(early.body).toEqual({
      detail:
        "effective_at: must not be before the sensor's last status change (2024-05-02T00:00:00.000Z)",
    });
    const same = await post(url, { status: 'active' });
    expect(same.status).toBe(400);
    expect(same.body).toEqual({ detail: "status: the sensor is already 'active'" });
    const unknown = await post<{ detail: string }>(url, { status: 'broken' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain('status');
    expect((await history()).body).toHaveLength(1);
  });

  it('serialises two changes posted at the same instant: the second is judged against the first', async () => {
    const url = `/api/v1/sensors/${sensor.id}/status-changes`;
    // The same change twice at once: one is recorded, the other finds it in force. Four rounds,
    // so an unserialised pair cannot pass by the luck of one round's timing.
    const rounds = ['maintenance', 'active', 'faulty', 'active'] as const;
    for (const [i, status] of rounds.entries()) {
      const change = { status, effective_at: `2026-11-2${i}T08:00:00Z` };
      const same = await Promise.all([post(url, change), post(url, change)]);
      expect(same.map((r) => r.status).sort()).toEqual([201, 400]);
      expect(same.find((r) => r.status === 400)?.body).toEqual({
        detail: `status: the sensor is already '${status}'`,
      });
    }
    // Two at once, the later-effective one possibly first: the one judged second is refused if
    // it is before the first, so the history in the order recorded is in the order of time.
    const crossed = await Promise.all([
      post(url, { status: 'active', effective_at: '2026-11-30T12:00:00Z' }),
      post(url, { status: 'faulty', effective_at: '2026-11-30T10:00:00Z' }),
    ]);
    expect(crossed.some((r) => r.status === 201)).toBe(true);
    const rows = (await history()).body;
    const byRecord = [...rows].sort((a, b) => a.id - b.id);
    expect(byRecord.map((c) => c.effective_at)).toEqual(rows.map((c) => c.effective_at));
    for (let i = 1; i < byRecord.length; i += 1) {
      expect(byRecord[i]?.status).not.toBe(byRecord[i - 1]?.status);
    }
    const sensors = await get<Schemas['Sensor'][]>('/api/v1/sensors');
    expect(sensors.body.find((s) => s.id === sensor.id)?.status).toBe(rows.at(-1)?.status);
  });

  it('lets users read the history and only staff change it', async () => {
    const { token: viewer } = await t.createUser({ name: 'reader' });
    const refused = await post(
      `/api/v1/sensors/${sensor.id}/status-changes`,
      { status: 'faulty' },
      viewer,
    );
    expect(refused.status).toBe(403);
    const missing = await get(`/api/v1/sensors/999999/status-changes`);
    expect(missing.status).toBe(404);
  });
});
