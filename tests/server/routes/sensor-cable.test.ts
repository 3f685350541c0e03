import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { drivers } from '../../helpers/test-database.ts';
import { type TestContext, setupTestApp } from '../../helpers/test-app.ts';

// PGlite's migrations on a loaded shared machine can outlast the default hook time.
vi.setConfig({ hookTimeout: 300_000 });

type Sensor = components['schemas']['Sensor'];
type Answer = Sensor & { detail?: string };

const CABLE = {
  length_m: 100,
  mass_per_m: 60,
  bending_stiffness_nm2: 5e6,
  tension_low_kn: 2800,
  tension_high_kn: 3300,
  tension_change_percent: 1.5,
  reference_tension_kn: null,
};

/** Cable values the API refuses, and the field the 400's detail must name. */
const REFUSED: [string, Record<string, unknown>][] = [
  ['length_m', { length_m: 0 }],
  ['length_m', { length_m: 'long' }],
  ['length_m', { length_m: 2500 }],
  ['mass_per_m', { mass_per_m: -3 }],
  ['bending_stiffness_nm2', { bending_stiffness_nm2: 0 }],
  ['tension_change_percent', { tension_change_percent: 80 }],
  ['tension_low_kn', { tension_low_kn: 3400, tension_high_kn: 3300 }],
];

async function bridgeWithSpan(t: TestContext, name: string) {
  const bridge = await t.services.bridges.create({ name, location: 'Test river' });
  const span = await t.services.spans.create({ bridgeId: bridge.id, label: 'main', length: 200 });
  return { bridge, span };
}

describe.each(drivers)('sensor cable API on %s', (kind) => {
  const t = setupTestApp(kind);

  const create = (token: string, body: object) =>
    t.request<Answer>({ method: 'POST', url: '/api/v1/sensors/create', token, body });
  const put = (token: string, sensorId: number, body: unknown) =>
    t.request<Answer>({ method: 'PUT', url: `/api/v1/sensors/${sensorId}/cable`, token, body });
  const required = (bridge: number, span: number, sensorId: string, type = 'accelerometer') => ({
    bridge,
    span,
    sensor_id: sensorId,
    type,
    status: 'active',
    installation_date: '2025-03-01',
  });

  it('creates an accelerometer on a stay, answers its cable, and none without one', async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge, span } = await bridgeWithSpan(t, 'Stay Bridge');
    const stay = await create(staff.token, {
      ...required(bridge.id, span.id, 'stay-1'),
      cable: CABLE,
    });
    expect(stay.status).toBe(201);
    expect(stay.body.cable).toEqual(CABLE);
    const deck = await create(staff.token, required(bridge.id, span.id, 'deck-1'));
    expect(deck.status).toBe(201);
    expect(deck.body).not.toHaveProperty('cable');
    // Only the required parts: the rest stored as not set.
    const bare = await create(staff.token, {
      ...required(bridge.id, span.id, 'stay-2'),
      cable: { length_m: 80, mass_per_m: 40 },
    });
    expect(bare.body.cable).toEqual({
      length_m: 80,
      mass_per_m: 40,
      bending_stiffness_nm2: null,
      tension_low_kn: null,
      tension_high_kn: null,
      tension_change_percent: null,
      reference_tension_kn: null,
    });
    const listed = await t.request<Sensor[]>({
      method: 'GET',
      url: `/api/v1/sensors?bridge=${bridge.id}`,
      token: staff.token,
    });
    expect(listed.body.map((s) => [s.sensor_id, s.cable?.length_m ?? null])).toEqual([
      ['stay-1', 100],
      ['deck-1', null],
      ['stay-2', 80],
    ]);
  });

  it.each(REFUSED)(
    'refuses a bad %s on create and on change (400 naming it)',
    async (field, bad) => {
      const staff = await t.createUser({ staff: true });
      const { bridge, span } = await bridgeWithSpan(t, `Refusing ${field} ${JSON.stringify(bad)}`);
      const refused = await create(staff.token, {
        ...required(bridge.id, span.id, 'stay'),
        cable: { ...CABLE, ...bad },
      });
      expect(refused.status).toBe(400);
      // The contract's checks say 'body/cable/<field> must …', the API's own 'cable.<field>: …'.
      expect(refused.body.detail).toMatch(new RegExp(`cable[./]${field}`));
      const made = await create(staff.token, required(bridge.id, span.id, 'stay-ok'));
      const changed = await put(staff.token, made.body.id, { ...CABLE, ...bad });
      expect(changed.status).toBe(400);
      expect(changed.body.detail).toContain(field);
    },
  );

  it('refuses a cable on a sensor that is not an accelerometer', async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge, span } = await bridgeWithSpan(t, 'Gauge on a stay');
    const refused = await create(staff.token, {
      ...required(bridge.id, span.id, 'sg', 'strain_gauge'),
      cable: CABLE,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(
      "cable: a cable's tension is read from an accelerometer, not from a strain_gauge",
    );
    const gauge = await create(staff.token, required(bridge.id, span.id, 'sg', 'strain_gauge'));
    const changed = await put(staff.token, gauge.body.id, CABLE);
    expect(changed.status).toBe(400);
    expect(changed.body.detail).toMatch(/^type: /);
  });

  it('changes a sensor cable and its limits for staff', async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge, span } = await bridgeWithSpan(t, 'Hanger Bridge');
    const made = await create(staff.token, required(bridge.id, span.id, 'hanger-3'));
    const changed = await put(staff.token, made.body.id, { ...CABLE, reference_tension_kn: 3000 });
    expect(changed.status).toBe(200);
    expect(changed.body.cable).toEqual({ ...CABLE, reference_tension_kn: 3000 });
    const stored = await t.services.sensors.findById(made.body.id);
    expect(stored?.cable?.reference_tension_kn).toBe(3000);
  });
});
