import { latestToday } from '../../../domain/calendar.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { alerts } from '../../../server/db/schema.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

// PGlite's migrations on a loaded shared machine can outlast the default hook time.
vi.setConfig({ hookTimeout: 300_000 });

type Schemas = components['schemas'];

describe.each(drivers)('maintenance events on %s', (kind) => {
  const t = setupTestApp(kind);
  let token: string;
  let bridge: Schemas['Bridge'];
  let sensor: Schemas['Sensor'];
  let stream: Schemas['Datastream'];

  const post = <T>(url: string, body: unknown, as = token) =>
    t.request<T>({ method: 'POST', url, token: as, body });
  const get = <T>(url: string, as = token) => t.request<T>({ method: 'GET', url, token: as });
  const url = () => `/api/v1/bridges/${bridge.id}/maintenance`;

  beforeEach(async () => {
    ({ token } = await t.createUser({ staff: true, name: 'engineer' }));
    bridge = (
      await post<Schemas['Bridge']>('/api/v1/bridges/create', {
        name: 'Pierre Laporte Bridge',
        location: 'Quebec City',
        construction_date: '1970-11-01',
        length_per_span: 667,
        latitude: 46.74,
        longitude: -71.28,
      })
    ).body;
    const span = await post<Schemas['Span']>('/api/v1/spans/create', {
      bridge: bridge.id,
      span_id: 'S1',
      length: 100,
    });
    sensor = (
      await post<Schemas['Sensor']>('/api/v1/sensors/create', {
        bridge: bridge.id,
        span: span.body.id,
        sensor_id: 'SG-07',
        type: 'strain_gauge',
        status: 'active',
        installation_date: '2020-01-01',
      })
    ).body;
    stream = (
      await post<Schemas['Datastream']>('/api/v1/datastreams/create', {
        stream_id: 'PL-SG-07',
        data_type: 'strain',
        sensors: [sensor.id],
      })
    ).body;
  });

  async function openAlert(type: string, subject: string, streamIds: number[]) {
    const [row] = await t.services.database.db
      .insert(alerts)
      .values({
        bridgeId: bridge.id,
        type,
        subject,
        severity: 'High',
        message: `${type} test`,
        cause: {
          windows: [],
          datastreams: streamIds.map((id) => ({ id, stream_id: 'PL-SG-07', sensors: ['SG-07'] })),
        },
      })
      .returning({ id: alerts.id });
    if (!row) throw new Error('alert not stored');
    return row.id;
  }

  it('records, lists newest first, audits and deletes events', async () => {
    const repair = await post<Schemas['MaintenanceEvent']>(url(), {
      occurred_on: '2026-03-02',
      kind: 'repair',
      note: '  Deck joint replaced  ',
    });
    expect(repair.status).toBe(201);
    expect(repair.body).toMatchObject({
      bridge: bridge.id,
      occurred_on: '2026-03-02',
      kind: 'repair',
      sensor: null,
      note: 'Deck joint replaced',
      cleared_alerts: [],
    });
    const rezero = await post<Schemas['MaintenanceEvent']>(url(), {
      occurred_on: '2026-04-10',
      kind: 'sensor_rezero',
      sensor: sensor.id,
    });
    expect(rezero.status).toBe(201);
    const list = await get<Schemas['MaintenanceEvent'][]>(url());
    expect(list.body.map((e) => e.kind)).toEqual(['sensor_rezero', 'repair']);
    const audit = await get<Schemas['AuditPage']>(
      `/api/v1/audit?object_type=bridge&object_id=${bridge.id}`,
    );
    expect(audit.body.items.map((e) => e.record)).toContain('maintenance_events');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${url()}/${repair.body.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.statusCode).toBe(204);
    expect((await get<Schemas['MaintenanceEvent'][]>(url())).body).toHaveLength(1);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `${url()}/${repair.body.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses bad input with the field named', async () => {
    // Today somewhere on Earth is allowed (a reader east of UTC); two days on is not.
    const today = latestToday(new Date());
    const dayAfter = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    expect((await post(url(), { occurred_on: today, kind: 'repair' })).status).toBe(201);
    expect(await post(url(), { occurred_on: dayAfter, kind: 'repair' })).toEqual({
      status: 400,
      body: { detail: `occurred_on: must not be after today (${today})` },
    });
    expect(await post(url(), { occurred_on: '1969-05-01', kind: 'repair' })).toEqual({
      status: 400,
      body: {
        detail: "occurred_on: must not be before the bridge's construction date (1970-11-01)",
      },
    });
    expect(await post(url(), { occurred_on: '2026-01-05', kind: 'sensor_replacement' })).toEqual({
      status: 400,
      body: { detail: 'sensor: required for a sensor re-zero or replacement' },
    });
    const other = await t.services.bridges.create({ name: 'Other', location: 'Elsewhere' });
    const otherUrl = `/api/v1/bridges/${other.id}/maintenance`;
    expect(
      await post(otherUrl, { occurred_on: '2026-01-05', kind: 'sensor_rezero', sensor: sensor.id }),
    ).toEqual({
      status: 400,
      body: { detail: `sensor: sensor ${sensor.id} is not on bridge ${other.id}` },
    });
    const long = await post<{ detail: string }>(url(), {
      occurred_on: '2026-01-05',
      kind: 'repair',
      note: 'x'.repeat(2001),
    });
    expect(long.status).toBe(400);
    expect(long.body.detail).toMatch(/note/);
    const unknownKind = await post<{ detail: string }>(url(), {
      occurred_on: '2026-01-05',
      kind: 'paint',
    });
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.body.detail).toMatch(/kind/);
    expect((await get('/api/v1/bridges/999999/maintenance')).status).toBe(404);
  });

  it('keeps an out-of-service window and refuses a backward or over-long one (decision 055)', async () => {
    const window = (from: string, to: string) =>
      post<Schemas['MaintenanceEvent'] & { detail?: string }>(url(), {
        occurred_on: '2026-01-05',
        kind: 'repair',
        out_of_service: { from, to },
      });
    const kept = await window('2026-01-05T08:00:00Z', '2026-01-05T12:30:00Z');
    expect(kept.status).toBe(201);
    expect(kept.body.out_of_service).toEqual({
      from: '2026-01-05T08:00:00.000Z',
      to: '2026-01-05T12:30:00.000Z',
    });
    expect((await get<Schemas['MaintenanceEvent'][]>(url())).body[0]?.out_of_service).toEqual(
      kept.body.out_of_service,
    );
    expect(await window('2026-01-05T12:00:00Z', '2026-01-05T08:00:00Z')).toEqual({
      status: 400,
      body: { detail: 'out_of_service.to: must be after out_of_service.from' },
    });
    expect(await window('2026-01-05T08:00:00Z', '2026-02-06T08:00:00Z')).toEqual({
      status: 400,
      body: { detail: 'out_of_service.to: the window may last at most 31 days' },
    });
    const plain = await post<Schemas['MaintenanceEvent']>(url(), {
      occurred_on: '2026-01-06',
      kind: 'repair',
    });
    expect(plain.body.out_of_service).toBeNull();
  });

  it('lets an assigned user read but not write, and hides other bridges', async () => {
    const user = await t.createUser();
    expect((await get(url(), user.token)).status).toBe(404);
    await t.services.users.setBridges(user.id, [bridge.id]);
    expect((await get(url(), user.token)).status).toBe(200);
    const refused = await post(url(), { occurred_on: '2026-01-05', kind: 'repair' }, user.token);
    expect(refused.status).toBe(403);
  });

  it('clears the alerts whose cause was the maintained part, with a note, and keeps the others', async () => {
    const structural = await openAlert('Structural Warning', '', [stream.id]);
    const fault = await openAlert('Sensor fault', String(stream.id), [stream.id]);
    const otherFault = await openAlert('Sensor fault', '999999', []);
    const limit = await openAlert('Limit exceeded', String(stream.id), [stream.id]);
    const rezero = await post<Schemas['MaintenanceEvent']>(url(), {
      occurred_on: '2026-04-10',
      kind: 'sensor_rezero',
      sensor: sensor.id,
      note: 'offset reset',
    });
    // The structural warning's only contributing stream is the re-zeroed gauge's.
    expect([...(rezero.body.cleared_alerts ?? [])].sort()).toEqual(
      [structural, fault, limit].sort(),
    );
    const all = await get<Schemas['Alert'][]>(`/api/v1/alerts?bridge=${bridge.id}&state=all`);
    expect(all.body.find((a) => a.id === fault)).toMatchObject({
      state: 'cleared',
      cleared_note: 'Cleared by maintenance: Sensor re-zero recorded on 2026-04-10: offset reset',
    });
    expect(all.body.find((a) => a.id === otherFault)?.state).toBe('active');

    const anomaly = await openAlert('Anomaly Detection', '', []);
    const repair = await post<Schemas['MaintenanceEvent']>(url(), {
      occurred_on: '2026-04-12',
      kind: 'bearing_replacement',
    });
    expect(repair.body.cleared_alerts).toEqual([anomaly]);
  });
});
