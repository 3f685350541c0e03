import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { strainBridge } from '../fatigue/strain-fixtures.ts';

// PGlite's migrations on a loaded shared machine can outlast the default hook time.
vi.setConfig({ hookTimeout: 300_000 });

type Sensor = components['schemas']['Sensor'];
type AuditPage = components['schemas']['AuditPage'];

describe.each(drivers)('sensor limits API on %s', (kind) => {
  const t = setupTestApp(kind);

  const put = (token: string, sensorId: number, body: unknown) =>
    t.request<Sensor & { detail?: string }>({
      method: 'PUT',
      url: `/api/v1/sensors/${sensorId}/limits`,
      token,
      body,
    });

  it('stores the limits of a strain gauge, lists them with the sensor and audits the change', async () => {
    const staff = await t.createUser({ staff: true, name: 'limits-engineer' });
    const { bridge, sensor } = await strainBridge(t.services, 'Limits Bridge', 'lb-str');
    const accelerometer = await t.services.sensors.create({
      bridgeId: bridge.id,
      spanId: sensor.spanId,
      label: 'lb-acc',
      type: 'accelerometer',
      status: 'active',
      installationDate: '2025-01-01',
    });

    const before = await t.request<Sensor[]>({
      method: 'GET',
      url: `/api/v1/sensors?bridge=${bridge.id}`,
      token: staff.token,
    });
    expect(before.body.find((s) => s.id === sensor.id)?.limits).toEqual({
      low: null,
      high: null,
      sustained_minutes: 10,
    });

    const stored = await put(staff.token, sensor.id, {
      low: -150,
      high: 300.5,
      sustained_minutes: 60,
    });
    expect(stored.status).toBe(200);
    expect(stored.body.limits).toEqual({ low: -150, high: 300.5, sustained_minutes: 60 });
    // One-sided, with the default sustained time.
    const oneSided = await put(staff.token, sensor.id, { low: null, high: 250 });
    expect(oneSided.body.limits).toEqual({ low: null, high: 250, sustained_minutes: 10 });

    const { body } = await t.request<Sensor[]>({
      method: 'GET',
      url: `/api/v1/sensors?bridge=${bridge.id}`,
      token: staff.token,
    });
    expect(body.find((s) => s.id === sensor.id)?.limits?.high).toBe(250);
    expect(body.find((s) => s.id === accelerometer.id)).not.toHaveProperty('limits');

    const audit = await t.request<AuditPage>({
      method: 'GET',
      url: `/api/v1/audit?object_type=sensor&object_id=${sensor.id}`,
      token: staff.token,
    });
    const updates = audit.body.items.filter((e) => e.record === 'sensors' && e.action === 'update');
    expect(updates).toHaveLength(2);
    expect(updates.every((e) => e.actor === 'limits-engineer')).toBe(true);
    expect(updates[0]?.changes.limit_high).toEqual({ before: 300.5, after: 250 });
    expect(updates[1]?.changes.limit_sustained_minutes).toEqual({ before: 10, after: 60 });
  });

  it('refuses bad limits with 400 naming the field, and stores nothing', async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge, sensor } = await strainBridge(t.services, 'Bad Limits Bridge', 'blb-str');
    const cases: [unknown, RegExp][] = [
      [{ low: 300, high: 300 }, /^low\b/],
      [{ low: 400, high: 300 }, /^low\b/],
      [{ low: null, high: 2_000_000 }, /\bhigh\b/],
      [{ low: -1e7, high: null }, /\blow\b/],
      [{ low: null, high: 'a lot' }, /\bhigh\b/],
      [{ low: null, high: 300, sustained_minutes: 15 }, /\bsustained_minutes\b/],
      [{ low: null, high: 300, sustained_minutes: 0 }, /\bsustained_minutes\b/],
      [{ low: null, high: 300, sustained_minutes: 2880 }, /\bsustained_minutes\b/],
      [{ high: 300 }, /\blow\b/],
    ];
    for (const [body, field] of cases) {
      const response = await put(staff.token, sensor.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.detail, JSON.stringify(body)).toMatch(field);
    }
    // JSON has no Infinity, but a number too large for a double reads as one.
    const infinite = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/sensors/${sensor.id}/limits`,
      headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json' },
      payload: '{"low": null, "high": 1e400}',
    });
    expect(infinite.statusCode).toBe(400);
    expect(infinite.json<{ detail: string }>().detail).toMatch(/\bhigh\b/);

    const { body } = await t.request<Sensor[]>({
      method: 'GET',
      url: `/api/v1/sensors?bridge=${bridge.id}`,
      token: staff.token,
    });
    expect(body[0]?.limits).toEqual({ low: null, high: null, sustained_minutes: 10 });
  });

  it('refuses limits on other sensor types, unknown sensors and non-staff', async () => {
    const staff = await t.createUser({ staff: true });
    const operator = await t.createUser();
    const { bridge, sensor } = await strainBridge(t.services, 'Typed Bridge', 'tb-str');
    const thermometer = await t.services.sensors.create({
      bridgeId: bridge.id,
      spanId: sensor.spanId,
      label: 'tb-temp',
      type: 'temperature',
      status: 'active',
      installationDate: '2025-01-01',
    });
    const limits = { low: -30, high: 40 };
    const wrongType = await put(staff.token, thermometer.id, limits);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.detail).toMatch(/^type\b/);
    expect((await put(staff.token, 999_999, limits)).status).toBe(404);
    expect((await put(operator.token, sensor.id, limits)).status).toBe(403);
  });

  it('takes limits with a new quasi-static sensor, and refuses them on other types', async () => {
    const staff = await t.createUser({ staff: true });
    const bridge = await t.services.bridges.create({ name: 'New Bridge', location: 'River' });
    const span = await t.services.spans.create({ bridgeId: bridge.id, label: 'main', length: 40 });
    const create = (body: object) =>
      t.request<Sensor & { detail?: string }>({
        method: 'POST',
        url: '/api/v1/sensors/create',
        token: staff.token,
        body: {
          bridge: bridge.id,
          span: span.id,
          status: 'active',
          installation_date: '2025-01-01',
          ...body,
        },
      });
    const tilt = await create({
      sensor_id: 'pier-tilt',
      type: 'tilt',
      limits: { low: -0.5, high: 0.5, sustained_minutes: 120 },
    });
    expect(tilt.status).toBe(201);
    expect(tilt.body.limits).toEqual({ low: -0.5, high: 0.5, sustained_minutes: 120 });
    const crossed = await create({
      sensor_id: 'pier-disp',
      type: 'displacement',
      limits: { low: 5, high: -5 },
    });
    expect(crossed.status).toBe(400);
    expect(crossed.body.detail).toMatch(/^limits\.low\b/);
    const accelerometer = await create({
      sensor_id: 'deck-acc',
      type: 'accelerometer',
      limits: { low: null, high: 1 },
    });
    expect(accelerometer.status).toBe(400);
    expect(accelerometer.body.detail).toMatch(/^limits\b/);
    expect(
      (await t.services.sensors.list({ id: staff.id, isStaff: true })).map((s) => s.label),
    ).toEqual(['pier-tilt']);
  });
});
