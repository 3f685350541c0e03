import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { drivers } from '../../helpers/test-database.ts';
import { type TestContext, setupTestApp } from '../../helpers/test-app.ts';

vi.setConfig({ hookTimeout: 300_000 });

type Answer = components['schemas']['Sensor'] & { detail?: string };

async function bridgeWithSpan(t: TestContext, name: string) {
  const bridge = await t.services.bridges.create({ name, location: 'Test river' });
  const span = await t.services.spans.create({ bridgeId: bridge.id, label: 'main', length: 40 });
  return { bridge, span };
}

// Decision 030, 2026-12-01: an optional declared measuring range, in the sensor's unit.
describe.each(drivers)('a sensor’s declared measuring range on %s', (kind) => {
  const t = setupTestApp(kind);

  const create = (token: string, body: object) =>
    t.request<Answer>({ method: 'POST', url: '/api/v1/sensors/create', token, body });
  const put = (token: string, sensorId: number, body: unknown) =>
    t.request<Answer>({ method: 'PUT', url: `/api/v1/sensors/${sensorId}/range`, token, body });
  const gauge = (bridge: number, span: number, sensorId: string) => ({
    bridge,
    span,
    sensor_id: sensorId,
    type: 'strain_gauge',
    status: 'active',
    installation_date: '2025-03-01',
  });

  it('stores a declared range on create, and a sensor without one has none', async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge, span } = await bridgeWithSpan(t, 'Range Bridge');
    const ranged = await create(staff.token, {
      ...gauge(bridge.id, span.id, 'str-1'),
      measuring_range: { low: -1500, high: 1500 },
    });
    expect(ranged.status).toBe(201);
    expect(ranged.body.measuring_range).toEqual({ low: -1500, high: 1500 });
    const bare = await create(staff.token, gauge(bridge.id, span.id, 'str-2'));
    expect(bare.status).toBe(201);
    expect('measuring_range' in bare.body).toBe(false);
  });

  it('refuses an inverted range with a 400 naming the field, on create and on change', async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge, span } = await bridgeWithSpan(t, 'Inverted Bridge');
    const refused = await create(staff.token, {
      ...gauge(bridge.id, span.id, 'str-x'),
      measuring_range: { low: 100, high: 100 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('measuring_range.low: must be below high (100), got 100');

    const sensor = await create(staff.token, gauge(bridge.id, span.id, 'str-y'));
    const inverted = await put(staff.token, sensor.body.id, { low: 50, high: -50 });
    expect(inverted.status).toBe(400);
    expect(inverted.body.detail).toBe('low: must be below high (-50), got 50');

    const set = await put(staff.token, sensor.body.id, { low: null, high: 2000 });
    expect(set.status).toBe(200);
    expect(set.body.measuring_range).toEqual({ low: null, high: 2000 });
    const cleared = await put(staff.token, sensor.body.id, { low: null, high: null });
    expect(cleared.status).toBe(200);
    expect('measuring_range' in cleared.body).toBe(false);
  });
});
