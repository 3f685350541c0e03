import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { companyPerson } from '../../helpers/company-person.ts';
import { drivers } from '../../helpers/test-database.ts';
import { type TestContext, setupTestApp } from '../../helpers/test-app.ts';

// PGlite's migrations on a loaded shared machine can outlast the default hook time.
vi.setConfig({ hookTimeout: 300_000 });

type Sensor = components['schemas']['Sensor'];
type AuditPage = components['schemas']['AuditPage'];
type Answer = Sensor & { detail?: string };

const NO_POSITION = { chainage_m: null, transverse_offset_m: null, direction: null };
const POSITION = { chainage_m: 32, transverse_offset_m: -3.5, direction: 'vertical' } as const;

/** Values the contract refuses, and the field the 400's detail must name. */
const REFUSED: [string, Record<string, unknown>][] = [
  ['chainage_m', { chainage_m: -0.1 }],
  ['chainage_m', { chainage_m: 100_000.5 }],
  ['chainage_m', { chainage_m: 'ten' }],
  ['transverse_offset_m', { transverse_offset_m: 200.1 }],
  ['transverse_offset_m', { transverse_offset_m: -250 }],
  ['direction', { direction: 'up' }],
  ['direction', { direction: 3 }],
];

/** A bridge of `companyId` (the platform's own without one) with a span of 40 m. */
async function bridgeWithSpan(t: TestContext, name: string, companyId?: number) {
  const bridge = await t.services.bridges.create({ name, location: 'Test river', companyId });
  const span = await t.services.spans.create({ bridgeId: bridge.id, label: 'main', length: 40 });
  return { bridge, span };
}

describe.each(drivers)('sensor geometry API on %s', (kind) => {
  const t = setupTestApp(kind);

  const create = (token: string, body: object) =>
    t.request<Answer>({ method: 'POST', url: '/api/v1/sensors/create', token, body });
  const put = (token: string | undefined, sensorId: number, body: unknown) =>
    t.request<Answer>({ method: 'PUT', url: `/api/v1/sensors/${sensorId}/geometry`, token, body });
  const listed = async (token: string, bridgeId: number) =>
    (await t.request<Sensor[]>({ method: 'GET', url: `/api/v1/sensors?bridge=${bridgeId}`, token }))
      .body;
  const required = (bridge: number, span: number, sensorId: string) => ({
    bridge,
    span,
    sensor_id: sensorId,
    type: 'accelerometer',
    status: 'active',
    installation_date: '2025-03-01',
  });

  it('creates a sensor with its position, and one without it answers nulls', async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge, span } = await bridgeWithSpan(t, 'Geometry Bridge');

    const placed = await create(staff.token, {
      ...required(bridge.id, span.id, 'acc-1'),
      ...POSITION,
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject(POSITION);
    const bare = await create(staff.token, required(bridge.id, span.id, 'acc-2'));
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject(NO_POSITION);
    // Only a part of it: the rest stays unrecorded.
    const partial = await create(staff.token, {
      ...required(bridge.id, span.id, 'acc-3'),
      direction: 'transverse',
    });
    expect(partial.body).toMatchObject({ ...NO_POSITION, direction: 'transverse' });

    const sensors = await listed(staff.token, bridge.id);
    expect(
      sensors.map((s) => [s.sensor_id, s.chainage_m, s.transverse_offset_m, s.direction]),
    ).toEqual([
      ['acc-1', 32, -3.5, 'vertical'],
      ['acc-2', null, null, null],
      ['acc-3', null, null, 'transverse'],
    ]);
  });

  it.each(REFUSED)('refuses a create whose %s is out of bounds, naming it', async (field, bad) => {
    const staff = await t.createUser({ staff: true });
    const { bridge, span } = await bridgeWithSpan(t, 'Refusing Bridge');
    const response = await create(staff.token, {
      ...required(bridge.id, span.id, 'acc-x'),
      ...bad,
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain(field);
    expect(await listed(staff.token, bridge.id)).toEqual([]);
  });

  // Decision 057: chainage runs from the span's first support, so past its length is off the span.
  it("refuses a chainage beyond its span's length, on create and on change, storing nothing", async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge, span } = await bridgeWithSpan(t, 'Short Bridge');
    const offSpan = { ...POSITION, chainage_m: 40.5 };
    const created = await create(staff.token, {
      ...required(bridge.id, span.id, 'acc-o'),
      ...offSpan,
    });
    expect(created.status).toBe(400);
    expect(created.body.detail).toBe(
      "chainage_m: 40.5 m is beyond the length of span 'main' (40 m)",
    );
    expect(await listed(staff.token, bridge.id)).toEqual([]);

    const atTheEnd = await create(staff.token, {
      ...required(bridge.id, span.id, 'acc-e'),
      ...POSITION,
      chainage_m: 40,
    });
    expect(atTheEnd.status).toBe(201);
    const moved = await put(staff.token, atTheEnd.body.id, offSpan);
    expect(moved.status).toBe(400);
    expect(moved.body.detail).toMatch(/^chainage_m: /);
    expect((await listed(staff.token, bridge.id))[0]).toMatchObject({ chainage_m: 40 });
  });

  it('refuses a number JSON reads as infinite', async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge, span } = await bridgeWithSpan(t, 'Infinite Bridge');
    const body = JSON.stringify(required(bridge.id, span.id, 'acc-inf')).replace(
      /}$/,
      ',"chainage_m": 1e999}',
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sensors/create',
      headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toContain('chainage_m');
  });

  it('changes the position later, clears it with nulls, and audits who did', async () => {
    const staff = await t.createUser({ staff: true, name: 'geometry-engineer' });
    const { bridge, span } = await bridgeWithSpan(t, 'Moved Bridge');
    const sensor = (await create(staff.token, required(bridge.id, span.id, 'acc-m'))).body;

    const placed = await put(staff.token, sensor.id, POSITION);
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ id: sensor.id, sensor_id: 'acc-m', ...POSITION });
    const moved = await put(staff.token, sensor.id, {
      chainage_m: 0,
      transverse_offset_m: 200,
      direction: 'longitudinal',
    });
    expect(moved.body).toMatchObject({
      chainage_m: 0,
      transverse_offset_m: 200,
      direction: 'longitudinal',
    });
    const cleared = await put(staff.token, sensor.id, NO_POSITION);
    expect(cleared.body).toMatchObject(NO_POSITION);
    expect((await listed(staff.token, bridge.id))[0]).toMatchObject(NO_POSITION);

    const audit = await t.request<AuditPage>({
      method: 'GET',
      url: `/api/v1/audit?object_type=sensor&object_id=${sensor.id}`,
      token: staff.token,
    });
    const updates = audit.body.items.filter((e) => e.record === 'sensors' && e.action === 'update');
    expect(updates).toHaveLength(3);
    expect(updates.every((e) => e.actor === 'geometry-engineer')).toBe(true);
    expect(updates.map((e) => e.changes.chainage_m)).toContainEqual({ before: 0, after: null });
  });

  it('refuses a bad position change with 400 naming the field, and keeps the old one', async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge, span } = await bridgeWithSpan(t, 'Kept Bridge');
    const sensor = (
      await create(staff.token, { ...required(bridge.id, span.id, 'acc-k'), ...POSITION })
    ).body;
    const unknownDirection = await put(staff.token, sensor.id, { ...POSITION, direction: 'up' });
    expect(unknownDirection.body.detail).toBe(
      'body/direction must be equal to one of the allowed values: vertical, transverse, longitudinal (or null)',
    );
    const cases: [string, unknown][] = [
      ...REFUSED.map(([field, bad]): [string, unknown] => [field, { ...POSITION, ...bad }]),
      // A PUT replaces the position: every part is stated, null to clear it.
      ['direction', { chainage_m: 10, transverse_offset_m: 0 }],
    ];
    for (const [field, body] of cases) {
      const response = await put(staff.token, sensor.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.detail, JSON.stringify(body)).toContain(field);
    }
    expect((await listed(staff.token, bridge.id))[0]).toMatchObject(POSITION);
  });

  it('lets staff and the company administrator change a position, and no one else', async () => {
    const staff = await t.createUser({ staff: true });
    const operator = await t.createUser();
    const admin = await companyPerson(t, 'geo-admin', 'Geometry Co', { admin: true });
    const outsider = await companyPerson(t, 'other-admin', 'Other Co', { admin: true });
    const { bridge, span } = await bridgeWithSpan(t, 'Owned Bridge', admin.row.companyId);
    const sensor = (await create(staff.token, required(bridge.id, span.id, 'acc-o'))).body;

    expect((await put(undefined, sensor.id, POSITION)).status).toBe(401);
    expect((await put(operator.token, sensor.id, POSITION)).status).toBe(403);
    // Another company's sensor answers as one that does not exist (decision 040).
    const foreign = await put(outsider.token, sensor.id, POSITION);
    const ghost = await put(outsider.token, 999_999, POSITION);
    expect(ghost.status).toBe(404);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe(ghost.body.detail?.replace('999999', String(sensor.id)));
    expect((await put(staff.token, 999_999, POSITION)).status).toBe(404);
    expect((await listed(staff.token, bridge.id))[0]).toMatchObject(NO_POSITION);

    const byAdmin = await put(admin.token, sensor.id, POSITION);
    expect(byAdmin.status).toBe(200);
    expect((await listed(staff.token, bridge.id))[0]).toMatchObject(POSITION);
  });

  it('keeps out-of-bounds values out of storage too, behind the API', async () => {
    const { bridge, span } = await bridgeWithSpan(t, 'Walled Bridge');
    const values = {
      bridgeId: bridge.id,
      spanId: span.id,
      type: 'accelerometer',
      status: 'active',
      installationDate: '2025-03-01',
    };
    const cases = [
      { chainageM: Number.NaN },
      { chainageM: Number.POSITIVE_INFINITY },
      { transverseOffsetM: -200.5 },
      { direction: 'diagonal' },
    ];
    for (const [index, bad] of cases.entries()) {
      await expect(
        t.services.sensors.create({ ...values, label: `wall-${index}`, ...bad }),
        JSON.stringify(bad),
      ).rejects.toThrow();
    }
    const stored = await t.services.sensors.create({
      ...values,
      label: 'wall-ok',
      chainageM: 100_000,
      transverseOffsetM: -200,
      direction: 'longitudinal',
    });
    expect(stored).toMatchObject({ chainageM: 100_000, transverseOffsetM: -200 });
  });
});
