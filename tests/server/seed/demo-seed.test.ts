import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bridges,
  companies,
  responsePlanActions,
  sensorCalibrations,
  sensors,
  spans,
} from '../../../server/db/schema.ts';
import { unassignedCompany } from '../../../server/repositories/companies-repository.ts';
import { DATA_TYPES, SENSOR_STATUSES, SENSOR_TYPES } from '../../../domain/enums.ts';
import { DEMO_FLEET } from '../../../server/demo/demo-fleet.ts';
import { demoSensors } from '../../../server/demo/demo-layout.ts';
import {
  DEMO_OPERATOR,
  DEMO_PRAIRIE_ADMIN,
  DEMO_STAFF,
} from '../../../server/seed/demo-accounts.ts';
import { PRAIRIE_COMPANY } from '../../../server/seed/demo-prairie.ts';
import { isEmpty, seedDemo } from '../../../server/seed/demo-seed.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

describe.each(drivers)('the demo company on %s', (kind) => {
  const t = setupTestApp(kind);

  it('seeds both accounts, real bridges, one without a location, and every sensor type, status and data type', async () => {
    const { db } = t.services.database;
    expect(await isEmpty(db)).toBe(true);
    await seedDemo(db, t.services.secretBox, t.services.passwords);
    expect(await isEmpty(db)).toBe(false);

    const staff = await t.services.users.findByEmail(DEMO_STAFF.email);
    const operator = await t.services.users.findByEmail(DEMO_OPERATOR.email);
    expect(staff?.isStaff).toBe(true);
    expect(operator?.isStaff).toBe(false);
    const { passwords } = t.services;
    expect(await passwords.verify(DEMO_STAFF.password, staff?.passwordHash ?? '')).toBe(true);
    expect(await passwords.verify(DEMO_OPERATOR.password, operator?.passwordHash ?? '')).toBe(true);

    const viewer = { id: staff?.id ?? 0, isStaff: true };
    const every = await t.services.bridges.list(viewer);
    const bridges = every.filter((b) => b.companyId === operator?.companyId);
    const located = bridges.filter((b) => b.locationOnMap !== null && b.latitude !== null);
    expect(located.length).toBeGreaterThanOrEqual(8);
    expect(bridges.filter((b) => b.locationOnMap === null)).toHaveLength(1);
    // The fleet is the operator's company's; the staff account's company owns none (decision 040).
    expect(every.filter((b) => b.companyId === staff?.companyId)).toEqual([]);
    expect(staff?.companyId).not.toBe(operator?.companyId);

    const sensors = await t.services.sensors.list(viewer);
    expect(new Set(sensors.map((s) => s.type))).toEqual(new Set(SENSOR_TYPES));
    expect(new Set(sensors.map((s) => s.status))).toEqual(new Set(SENSOR_STATUSES));
    const streams = await t.services.datastreams.list(viewer);
    expect(new Set(streams.map((s) => s.dataType))).toEqual(new Set(DATA_TYPES));

    // Every bridge (the unlocated one too) carries the streams its simulated history feeds.
    for (const bridge of bridges) {
      const demo = DEMO_FLEET.find((d) => d.name === bridge.name);
      if (!demo) throw new Error(`${bridge.name} is not a demo bridge with history`);
      const fed = new Set(demoSensors(demo).map((s) => s.streamId));
      const own = sensors.filter((s) => s.bridgeId === bridge.id).map((s) => s.label);
      expect(own.filter((label) => fed.has(label)).sort(), bridge.name).toEqual([...fed].sort());
      expect(fed.size).toBeGreaterThanOrEqual(3);
    }
    expect(bridges).toHaveLength(DEMO_FLEET.length);

    const assignments = (await t.services.users.assignmentsOf([operator?.id ?? 0])).get(
      operator?.id ?? 0,
    );
    expect(assignments?.bridges.length).toBeGreaterThan(0);
    expect(assignments?.bridges.length).toBeLessThan(bridges.length);
  });

  it('seeds a second company, Prairie Crossings Ltd., whose administrator sees its two bridges only', async () => {
    const { db } = t.services.database;
    await seedDemo(db, t.services.secretBox, t.services.passwords);
    const admin = await t.services.users.findByEmail(DEMO_PRAIRIE_ADMIN.email);
    expect(admin).toMatchObject({ isCompanyAdmin: true, isStaff: false, company: PRAIRIE_COMPANY });
    const { passwords } = t.services;
    expect(await passwords.verify(DEMO_PRAIRIE_ADMIN.password, admin?.passwordHash ?? '')).toBe(
      true,
    );
    const viewer = { id: admin?.id ?? 0, isStaff: false, companyAdminOf: admin?.companyId };
    const own = await t.services.bridges.list(viewer);
    expect(own.map((b) => b.name).sort()).toEqual(['Centre Street Bridge', 'Esplanade Riel']);
    expect(own.every((b) => b.latitude !== null)).toBe(true);
    expect(await t.services.sensors.list(viewer)).toHaveLength(2);
    expect((await t.services.datastreams.list(viewer)).map((s) => s.streamId).sort()).toEqual([
      'centre-street-s1-tmp',
      'esplanade-riel-s1-tmp',
    ]);
    // No demo fleet stream is theirs, so the history writer and the live feed leave them be.
    const fleetStreams = new Set(DEMO_FLEET.flatMap((d) => demoSensors(d).map((s) => s.streamId)));
    expect(fleetStreams.has('centre-street-s1-tmp')).toBe(false);
  });

  it("gives each demo company its own clock and address, so the demo's screens show an agency's time", async () => {
    const { db } = t.services.database;
    await seedDemo(db, t.services.secretBox, t.services.passwords);
    const zoneOf = async (email: string) => {
      const user = await t.services.users.findByEmail(email);
      const [company] = await db
        .select()
        .from(companies)
        .where(eq(companies.id, user?.companyId ?? 0));
      return [company?.timeZone, company?.address !== null];
    };
    expect(await zoneOf(DEMO_OPERATOR.email)).toEqual(['America/Halifax', true]);
    expect(await zoneOf(DEMO_STAFF.email)).toEqual(['America/Toronto', true]);
    expect(await zoneOf(DEMO_PRAIRIE_ADMIN.email)).toEqual(['America/Edmonton', true]);
  });

  it("gives each of the demo company's bridges the response plan a first start shows on its crossings", async () => {
    const { db } = t.services.database;
    await seedDemo(db, t.services.secretBox, t.services.passwords);
    const operator = await t.services.users.findByEmail(DEMO_OPERATOR.email);
    const own = await db
      .select()
      .from(bridges)
      .where(eq(bridges.companyId, operator?.companyId ?? 0));
    const plans = await db.select().from(responsePlanActions);
    expect(new Set(plans.map((action) => action.bridgeId))).toEqual(new Set(own.map((b) => b.id)));
    const [first] = own;
    const plan = plans
      .filter((action) => action.bridgeId === first?.id)
      .map((action) => [action.level, action.position, action.text, action.dueHours]);
    expect(plan.sort()).toEqual(
      [
        ['amber', 0, 'Inspect the span whose frequency dropped', 72],
        ['amber', 1, 'Tell the engineer of record of the shift', 24],
        ['red', 0, 'Restrict traffic to one lane', 2],
        ['red', 1, 'Call the engineer of record', 1],
      ].sort(),
    );
  });

  it("leaves sensors that are not the demo's without calibrations", async () => {
    const { db } = t.services.database;
    // A sensor already in the database, as in a deployment that turns the demo on.
    const [bridge] = await db
      .insert(bridges)
      .values({
        companyId: await unassignedCompany(db),
        name: 'Existing Bridge',
        location: 'Somewhere, ON',
        structureType: 'Beam',
        status: 'Open',
      })
      .returning();
    const [span] = await db
      .insert(spans)
      .values({ bridgeId: bridge?.id ?? 0, label: 'S1', length: 30 })
      .returning();
    const [existing] = await db
      .insert(sensors)
      .values({
        bridgeId: bridge?.id ?? 0,
        spanId: span?.id ?? 0,
        label: 'EX-1',
        type: 'strain_gauge',
        status: 'active',
        installationDate: '2025-01-01',
      })
      .returning();
    await seedDemo(db, t.services.secretBox, t.services.passwords);
    const ownHistory = await db
      .select()
      .from(sensorCalibrations)
      .where(eq(sensorCalibrations.sensorId, existing?.id ?? 0));
    expect(ownHistory).toEqual([]);
    expect((await db.select().from(sensorCalibrations)).length).toBeGreaterThan(0);
  });
});
