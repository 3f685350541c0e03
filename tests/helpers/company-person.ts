import { alerts, userBridges, userDatastreams } from '../../server/db/schema.ts';
import type { TestContext } from './test-app.ts';

/** A bridge as the create form sends it, for the tests of who may create one and how many. */
export const bridgeBody = (name: string) => ({
  name,
  location: 'Red River',
  construction_date: '1990-05-01',
  latitude: 49.9,
  longitude: -97.1,
});

/**
 * A user of a named company (decision 040: the name finds or makes the company), optionally its
 * administrator or platform staff, signed in.
 */
export async function companyPerson(
  t: TestContext,
  username: string,
  company: string,
  role: { admin?: boolean; staff?: boolean } = {},
) {
  const { users, sessions, passwords } = t.services;
  const row = await users.create({
    username,
    email: `${username}@example.ca`,
    passwordHash: await passwords.hash('long-enough-1'),
    company,
    address: '1 Road',
  });
  if (role.admin || role.staff) {
    await users.update(row.id, { isCompanyAdmin: role.admin ?? false, isStaff: role.staff });
  }
  return { row, token: (await sessions.start(row.id)).access };
}

/**
 * Two companies' administrators, Alpha's bridge "Alpha Bridge", an operator assigned to it and
 * an outsider who is not: the cast of the tests of who may read and change a bridge's analysis.
 */
export async function alphaBridgeCast(t: TestContext) {
  const adminA = await companyPerson(t, 'alpha-admin', 'Alpha Spans', { admin: true });
  const adminB = await companyPerson(t, 'beta-admin', 'Beta Spans', { admin: true });
  const operator = await t.createUser();
  const outsider = await t.createUser();
  const bridge = await t.services.bridges.create({
    companyId: adminA.row.companyId,
    name: 'Alpha Bridge',
    location: 'River',
  });
  await t.services.database.db
    .insert(userBridges)
    .values({ userId: operator.id, bridgeId: bridge.id });
  return { adminA, adminB, operator, outsider, bridgeId: bridge.id };
}

/** A company's bridge with one span and one tilt sensor `<prefix>-tilt` on it. */
export async function bridgeWithSensor(t: TestContext, companyId: number, prefix: string) {
  const { bridges, spans, sensors } = t.services;
  const bridge = await bridges.create({ companyId, name: `${prefix} Bridge`, location: 'River' });
  const span = await spans.create({ bridgeId: bridge.id, label: 'main', length: 40 });
  const sensor = await sensors.create({
    bridgeId: bridge.id,
    spanId: span.id,
    label: `${prefix}-tilt`,
    type: 'tilt',
    status: 'active',
    installationDate: '2025-01-01',
  });
  return { bridge, span, sensor };
}

/** An open 'Sensor offline' alert about the sensor `<prefix>-tilt` of a bridge; its id. */
export async function offlineAlert(t: TestContext, bridgeId: number, prefix: string) {
  const [alert] = await t.services.database.db
    .insert(alerts)
    .values({
      bridgeId,
      type: 'Sensor offline',
      subject: `${prefix}-tilt`,
      severity: 'Medium',
      message: `No data from ${prefix}-tilt`,
      cause: { windows: [], datastreams: [] },
    })
    .returning({ id: alerts.id });
  return alert?.id ?? 0;
}

/**
 * Two companies, each with an administrator, a bridge, a sensor and a stream it feeds, the
 * stream assigned to its administrator (migration 0061).
 */
export async function twoCompaniesWithStreams(t: TestContext) {
  const { db } = t.services.database;
  const adminA = await companyPerson(t, 'alpha-admin', 'Alpha Spans', { admin: true });
  const adminB = await companyPerson(t, 'beta-admin', 'Beta Bridges', { admin: true });
  const company = async (admin: typeof adminA, prefix: string) => {
    const companyId = admin.row.companyId;
    const { bridge, sensor } = await bridgeWithSensor(t, companyId, prefix);
    const stream = await t.services.datastreams.create({
      streamId: `${prefix}-tilt`,
      dataType: 'tilt',
      sensorIds: [sensor.id],
    });
    await db.insert(userDatastreams).values({ userId: admin.row.id, datastreamId: stream.id });
    return { companyId, bridge, sensor, stream };
  };
  return { a: await company(adminA, 'alpha'), b: await company(adminB, 'beta'), adminA, adminB };
}
