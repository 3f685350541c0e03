import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { auditLog, cableTensions } from '../../../server/db/schema.ts';
import { drivers } from '../../helpers/test-database.ts';
import { companyPerson } from '../../helpers/company-person.ts';
import { type TestContext, setupTestApp } from '../../helpers/test-app.ts';

// PGlite's migrations on a loaded shared machine can outlast the default hook time.
vi.setConfig({ hookTimeout: 300_000 });

type Sensor = components['schemas']['Sensor'];
type CableTensions = components['schemas']['CableTensions'];

const CABLE = {
  length_m: 45,
  mass_per_m: 15,
  bending_stiffness_nm2: null,
  tension_low_kn: 150,
  tension_high_kn: 215,
  tension_change_percent: 5,
  reference_tension_kn: null,
};

/** A company's bridge with a hanger's accelerometer on a cable, its stream and one stored tension. */
async function hangerOf(t: TestContext, companyId: number | undefined, prefix: string) {
  const { bridges, spans, sensors, datastreams } = t.services;
  const bridge = await bridges.create({
    ...(companyId === undefined ? {} : { companyId }),
    name: `${prefix} Bridge`,
    location: 'Inlet',
  });
  const span = await spans.create({ bridgeId: bridge.id, label: 'main', length: 400 });
  const sensor = await sensors.create({
    bridgeId: bridge.id,
    spanId: span.id,
    label: `${prefix}-hanger`,
    type: 'accelerometer',
    status: 'active',
    installationDate: '2025-01-01',
    cable: CABLE,
  });
  const stream = await datastreams.create({
    streamId: `${prefix}-hanger`,
    dataType: 'acceleration',
    sensorIds: [sensor.id],
  });
  await t.services.database.db.insert(cableTensions).values({
    bridgeId: bridge.id,
    sensorId: sensor.id,
    datastreamId: stream.id,
    windowStart: new Date('2026-11-30T10:00:00Z'),
    tensionN: 180_000,
    uncertaintyN: 2_000,
    harmonics: [1, 2, 3].map((order) => ({ order, frequency_hz: 1.2 * order })),
    method: 'harmonic-regression',
    evaluatedAt: new Date('2026-11-30T10:10:00Z'),
  });
  return { bridge, sensor };
}

describe.each(drivers)('taking a sensor off its cable on %s', (kind) => {
  const t = setupTestApp(kind);

  const remove = (token: string, sensorId: number) =>
    t.request<{ detail?: string }>({
      method: 'DELETE',
      url: `/api/v1/sensors/${sensorId}/cable`,
      token,
    });

  it('answers 204, the sensor has no cable and leaves the card, its tensions stay, audited', async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge, sensor } = await hangerOf(t, undefined, 'Lions');
    const cards = () =>
      t.request<CableTensions>({
        method: 'GET',
        url: `/api/v1/bridges/${bridge.id}/cable-tensions`,
        token: staff.token,
      });
    expect((await cards()).body.cables.map((c) => c.sensor_id)).toEqual(['Lions-hanger']);

    const removed = await remove(staff.token, sensor.id);
    expect(removed.status).toBe(204);
    const listed = await t.request<Sensor[]>({
      method: 'GET',
      url: `/api/v1/sensors?bridge=${bridge.id}`,
      token: staff.token,
    });
    expect(listed.body.map((s) => [s.sensor_id, 'cable' in s])).toEqual([['Lions-hanger', false]]);
    expect((await cards()).body.cables).toEqual([]);
    // The history stays: a tension stored before is still there.
    const { db } = t.services.database;
    const kept = await db.select().from(cableTensions).where(eq(cableTensions.sensorId, sensor.id));
    expect(kept.map((r) => r.tensionN)).toEqual([180_000]);
    const audited = await db
      .select({ action: auditLog.action, objectId: auditLog.objectId, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.operation, 'removeSensorCable'), eq(auditLog.objectType, 'sensor')));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.action).toBe('update');
    expect(audited[0]?.objectId).toBe(String(sensor.id));
    expect(JSON.stringify(audited[0]?.changes)).toContain('cable');

    // Nothing left to remove: 404 naming the sensor.
    const again = await remove(staff.token, sensor.id);
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe("Sensor 'Lions-hanger' is not on a cable");
    // Set again, the stored history comes back with it.
    const put = await t.request<Sensor>({
      method: 'PUT',
      url: `/api/v1/sensors/${sensor.id}/cable`,
      token: staff.token,
      body: CABLE,
    });
    expect(put.status).toBe(200);
    const [card] = (await cards()).body.cables;
    expect(card?.latest?.tension_kn).toBe(180);
  });

  it("lets the company's administrator remove it, and answers another company's as missing", async () => {
    const adminA = await companyPerson(t, 'alpha-admin', 'Alpha Spans', { admin: true });
    const adminB = await companyPerson(t, 'beta-admin', 'Beta Spans', { admin: true });
    const operator = await t.createUser();
    const { sensor } = await hangerOf(t, adminA.row.companyId, 'Alpha');

    const theirs = await remove(adminB.token, sensor.id);
    expect(theirs.status).toBe(404);
    expect(theirs.body.detail).toBe(`Sensor ${sensor.id} not found`);
    expect((await remove(operator.token, sensor.id)).status).toBe(403);
    expect((await t.services.sensors.findById(sensor.id))?.cable).toEqual(CABLE);

    expect((await remove(adminA.token, sensor.id)).status).toBe(204);
    expect((await t.services.sensors.findById(sensor.id))?.cable).toBeNull();
    expect((await remove(adminA.token, 999_999)).body.detail).toBe('Sensor 999999 not found');
  });
});
