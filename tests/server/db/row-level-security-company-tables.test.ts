import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import {
  inAuditedTransaction,
  inRequestTransaction,
} from '../../../server/audit/audited-transaction.ts';
import {
  auditLog,
  bridges,
  companySsoDomains,
  contactGroups,
  datastreamSensors,
  datastreams,
  notifications,
  userDatastreams,
  users,
} from '../../../server/db/schema.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import type { Services } from '../../../server/services.ts';
import {
  bridgeWithSensor,
  companyPerson,
  offlineAlert,
  twoCompaniesWithStreams,
} from '../../helpers/company-person.ts';
import { type TestContext, setupTestApp, testConfig } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

// Decision 072's amendment (migration 0055): the tables that carry a company directly, and
// what a user or an alert owns, are behind the same wall as the bridges. Each test takes a
// repository's company filter away and shows the database still refuses another company's
// users, notifications, audit entries, contact groups and rotas to a company's request.

/** The users and data streams lists without their company filters: every row, whoever asks. */
const withoutUsersFilter = (base: Services): Partial<Services> => ({
  users: { ...base.users, list: () => base.users.list(null) },
  datastreams: {
    ...base.datastreams,
    list: (_viewer, bridgeId) => base.datastreams.list({ id: 0, isStaff: true }, bridgeId),
  },
});

/** Two companies, each with an administrator, a bridge with an alert, a group, a rota, news. */
async function twoCompanies(t: TestContext) {
  const { db } = t.services.database;
  const adminA = await companyPerson(t, 'alpha-admin', 'Alpha Spans', { admin: true });
  const adminB = await companyPerson(t, 'beta-admin', 'Beta Bridges', { admin: true });
  const staff = await companyPerson(t, 'platform-staff', 'SpanWatch Platform', { staff: true });
  const company = async (admin: typeof adminA, prefix: string) => {
    const companyId = admin.row.companyId;
    const { bridge } = await bridgeWithSensor(t, companyId, prefix);
    const alertId = await offlineAlert(t, bridge.id, prefix);
    await db.insert(notifications).values({ userId: admin.row.id, alertId, kind: 'raised' });
    const group = await t.services.contactGroups.createGroup(companyId, {
      name: `${prefix} on call`,
      members: [admin.row.id],
    });
    // A change made through the API is audited under its actor; staff's here, for both.
    await inAuditedTransaction(
      db,
      { id: staff.row.id, name: 'platform-staff', operation: 'updateBridge' },
      () => t.services.bridges.update(bridge.id, { location: `${prefix} crossing` }),
    );
    return { companyId, bridge, alertId, group };
  };
  const a = await company(adminA, 'alpha');
  const b = await company(adminB, 'beta');
  return { a, b, adminA, adminB, staff };
}

/** drizzle wraps the database's error; the policy's refusal is its cause. */
const refusedByPolicy = (error: unknown) =>
  /row-level security policy/.test(String((error as { cause?: Error }).cause?.message));

describe.each(drivers)('row-level security on the company tables on %s', (kind) => {
  const t = setupTestApp(kind, { overrides: withoutUsersFilter });

  it("refuses another company's users, notifications, audit entries and groups to a company's transaction", async () => {
    const { a, b, adminA, adminB, staff } = await twoCompanies(t);
    const { db } = t.services.database;
    const tenant = { companyId: adminB.row.companyId, userId: adminB.row.id };
    const seen = await inRequestTransaction(db, { tenant }, async () => {
      const userIds = (await t.services.users.list(null)).map((row) => row.id);
      const adminAById = await t.services.users.findById(adminA.row.id);
      const noticeAlerts = (await db.select().from(notifications)).map((row) => row.alertId);
      const audit = await t.services.audit.page({}, 1, 50);
      const groupsOfA = await t.services.contactGroups.listGroups(a.companyId);
      const groupA = await t.services.contactGroups.findGroup(a.group.id);
      const groupNames = (await db.select().from(contactGroups)).map((row) => row.name);
      const [companies] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from companies`),
      );
      return {
        userIds,
        adminAById,
        noticeAlerts,
        auditObjects: audit.rows.map((row) => `${row.objectType} ${row.objectId}`),
        groupsOfA,
        groupA,
        groupNames,
        companies: companies?.n,
      };
    });
    // The company's people and platform staff, whose names stand on its records; not Alpha's.
    expect(seen.userIds.sort()).toEqual([adminB.row.id, staff.row.id].sort());
    expect(seen.adminAById).toBeUndefined();
    expect(seen.noticeAlerts).toEqual([b.alertId]);
    expect(seen.auditObjects).toEqual([`bridge ${b.bridge.id}`]);
    expect(seen.groupsOfA).toEqual([]);
    expect(seen.groupA).toBeUndefined();
    expect(seen.groupNames).toEqual(['beta on call']);
    expect(seen.companies).toBe(1);
    // The owner (the server's own work, platform staff) still sees both companies' rows.
    expect((await t.services.audit.page({}, 1, 50)).total).toBe(2);
    expect(await t.services.contactGroups.listGroups(a.companyId)).toHaveLength(1);
  });

  it("refuses a company's transaction a write into another company's people, groups or audit log", async () => {
    const { a, adminA, adminB } = await twoCompanies(t);
    const { db } = t.services.database;
    const tenant = { companyId: adminB.row.companyId, userId: adminB.row.id };
    const asB = <T>(work: () => Promise<T>) => inRequestTransaction(db, { tenant }, work);
    await expect(
      asB(() => db.insert(contactGroups).values({ companyId: a.companyId, name: 'smuggled' })),
    ).rejects.toSatisfy(refusedByPolicy);
    await expect(
      asB(() =>
        db.insert(users).values({
          username: 'smuggled',
          email: 'smuggled@example.ca',
          passwordHash: 'x',
          company: 'Alpha Spans',
          companyId: a.companyId,
          address: '1 Road',
        }),
      ),
    ).rejects.toSatisfy(refusedByPolicy);
    // An entry in another's name: a company's request writes only its own user's entries.
    await expect(
      asB(() =>
        db.insert(auditLog).values({
          actorId: adminA.row.id,
          actorName: 'alpha-admin',
          action: 'update',
          objectType: 'bridge',
          objectId: String(a.bridge.id),
          record: 'bridges',
          changes: {},
        }),
      ),
    ).rejects.toSatisfy(refusedByPolicy);
    // Nor can it make itself platform staff.
    await expect(
      asB(() => t.services.users.update(adminB.row.id, { isStaff: true })),
    ).rejects.toSatisfy(refusedByPolicy);
    // A change aimed at Alpha's administrator reaches no row.
    expect(
      await asB(() => t.services.users.update(adminA.row.id, { address: 'Taken Over' })),
    ).toBeUndefined();
    expect((await t.services.users.findById(adminA.row.id))?.address).toBe('1 Road');
    expect((await t.services.users.findById(adminB.row.id))?.isStaff).toBe(false);
  });

  it("answers a company administrator's users list with its own people when the filter is gone", async () => {
    const { adminA, adminB, staff } = await twoCompanies(t);
    const listOf = async (app: typeof t.app) => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/users',
        headers: { authorization: `Bearer ${adminB.token}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { username: string }[]).map((row) => row.username).sort();
    };
    expect(await listOf(t.app)).toEqual([adminB.row.username, staff.row.username].sort());
    // The same app without the wall hands Beta's administrator Alpha's: the wall refused them.
    const unwalled = await buildApp({
      config: { ...testConfig, rowLevelSecurity: false },
      services: t.services,
    });
    try {
      expect(await listOf(unwalled)).toContain(adminA.row.username);
    } finally {
      await unwalled.close();
    }
  });

  it("answers an email another company's user holds with a 400 naming the field, though the wall hides that user", async () => {
    const { adminA, adminB } = await twoCompanies(t);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${adminB.row.id}/update`,
      headers: { authorization: `Bearer ${adminB.token}` },
      payload: { email: adminA.row.email.toUpperCase(), current_password: 'long-enough-1' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ detail: 'email: a user with this email already exists' });
    expect((await t.services.users.findById(adminB.row.id))?.email).toBe(adminB.row.email);
  });
});

describe.each(drivers)('row-level security on the data streams on %s', (kind) => {
  const t = setupTestApp(kind, { overrides: withoutUsersFilter });

  it("refuses another company's data streams and their assignments to a company's transaction", async () => {
    const { a, b, adminB } = await twoCompaniesWithStreams(t);
    const { db } = t.services.database;
    // The stream carries its sensors' company.
    expect(
      (await db.select().from(datastreams)).map((row) => [row.streamId, row.companyId]),
    ).toEqual(
      expect.arrayContaining([
        ['alpha-tilt', a.companyId],
        ['beta-tilt', b.companyId],
      ]),
    );
    const tenant = { companyId: adminB.row.companyId, userId: adminB.row.id };
    const seen = await inRequestTransaction(db, { tenant }, async () => ({
      listed: (await t.services.datastreams.list({ id: adminB.row.id, isStaff: false })).map(
        (row) => row.streamId,
      ),
      streamA: await t.services.datastreams.findById(a.stream.id),
      streams: (await db.select().from(datastreams)).map((row) => row.streamId),
      assigned: (await db.select().from(userDatastreams)).map((row) => row.datastreamId),
    }));
    expect(seen.listed).toEqual(['beta-tilt']);
    expect(seen.streamA).toBeUndefined();
    expect(seen.streams).toEqual(['beta-tilt']);
    expect(seen.assigned).toEqual([b.stream.id]);
    // The owner (ingest, platform staff) still sees both.
    expect(await t.services.datastreams.list({ id: 0, isStaff: true })).toHaveLength(2);
  });

  it("refuses a company's transaction a write into another company's streams or assignments", async () => {
    const { a, adminB } = await twoCompaniesWithStreams(t);
    const { db } = t.services.database;
    const tenant = { companyId: adminB.row.companyId, userId: adminB.row.id };
    const asB = <T>(work: () => Promise<T>) => inRequestTransaction(db, { tenant }, work);
    await expect(
      asB(() =>
        db
          .insert(datastreams)
          .values({ streamId: 'smuggled', dataType: 'tilt', companyId: a.companyId }),
      ),
    ).rejects.toSatisfy(refusedByPolicy);
    // Beta's administrator given Alpha's stream.
    await expect(
      asB(() =>
        db.insert(userDatastreams).values({ userId: adminB.row.id, datastreamId: a.stream.id }),
      ),
    ).rejects.toSatisfy(refusedByPolicy);
    // A change or a deletion aimed at Alpha's stream reaches no row.
    expect(await asB(() => t.services.datastreams.setResolution(a.stream.id, 0.5))).toBeUndefined();
    expect(await asB(() => t.services.datastreams.delete(a.stream.id, true))).toBe(false);
    const [kept] = await db.select().from(datastreams).where(eq(datastreams.id, a.stream.id));
    expect(kept?.resolution).toBeNull();
  });

  it("answers a company administrator's data streams list with its own when the filter is gone", async () => {
    const { adminB } = await twoCompaniesWithStreams(t);
    const listOf = async (app: typeof t.app) => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/datastreams',
        headers: { authorization: `Bearer ${adminB.token}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { stream_id: string }[]).map((row) => row.stream_id).sort();
    };
    expect(await listOf(t.app)).toEqual(['beta-tilt']);
    // Without the wall the same request hands Beta Alpha's stream: the wall refused it.
    const unwalled = await buildApp({
      config: { ...testConfig, rowLevelSecurity: false },
      services: t.services,
    });
    try {
      expect(await listOf(unwalled)).toEqual(['alpha-tilt', 'beta-tilt']);
    } finally {
      await unwalled.close();
    }
  });

  it("keeps a stream's company its sensors' company: a link across companies is refused, a moved bridge takes its streams", async () => {
    const { a, b } = await twoCompaniesWithStreams(t);
    const { db } = t.services.database;
    // Even the owner, which no policy holds, cannot link Alpha's sensor to Beta's stream.
    await expect(
      db.insert(datastreamSensors).values({ datastreamId: b.stream.id, sensorId: a.sensor.id }),
    ).rejects.toSatisfy((error: unknown) =>
      /datastreams_company_check/.test(String((error as { cause?: Error }).cause?.message)),
    );
    await expect(
      db.update(datastreams).set({ companyId: a.companyId }).where(eq(datastreams.id, b.stream.id)),
    ).rejects.toThrow();
    // The repository answers the same as a 400 naming the field.
    await expect(
      t.services.datastreams.create({
        streamId: 'both-tilt',
        dataType: 'tilt',
        sensorIds: [a.sensor.id, b.sensor.id],
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: "sensors: a data stream's sensors must all be on one company's bridges",
    });
    await expect(t.services.datastreams.linkSensor(b.stream.id, a.sensor.id)).rejects.toMatchObject(
      { statusCode: 400 },
    );
    // A stream made with no sensor (platform staff's) joins its first sensor's company.
    const loose = await t.services.datastreams.create({
      streamId: 'loose',
      dataType: 'tilt',
      sensorIds: [],
    });
    await t.services.datastreams.linkSensor(loose.id, a.sensor.id);
    const companyOf = async (id: number) =>
      (await db.select().from(datastreams).where(eq(datastreams.id, id)))[0]?.companyId;
    expect(await companyOf(loose.id)).toBe(a.companyId);
    // Platform staff move Alpha's bridge to Beta: its streams go with it.
    await db.update(bridges).set({ companyId: b.companyId }).where(eq(bridges.id, a.bridge.id));
    expect(await companyOf(a.stream.id)).toBe(b.companyId);
    expect(await companyOf(loose.id)).toBe(b.companyId);
  });
});

describe.each(drivers)('row-level security on single sign-on domain claims on %s', (kind) => {
  const t = setupTestApp(kind);

  it("holds a company's request to its own claims, and answers the cross-company questions through the database's functions", async () => {
    const adminA = await companyPerson(t, 'alpha-admin', 'Alpha Spans', { admin: true });
    const adminB = await companyPerson(t, 'beta-admin', 'Beta Bridges', { admin: true });
    const adminC = await companyPerson(t, 'gamma-admin', 'Gamma Decks', { admin: true });
    const { db } = t.services.database;
    const settings = (domains: string[]) => ({
      enabled: false,
      issuer: 'https://login.example.ca',
      clientId: 'spanwatch',
      emailDomains: domains,
    });
    await t.services.companySso.save(adminA.row.companyId, settings(['proven.ca']));
    await t.services.companySso.markVerified(adminA.row.companyId, 'proven.ca', 'review', null);
    await t.services.companySso.save(adminB.row.companyId, settings(['contested.ca']));
    await t.services.companySso.save(adminC.row.companyId, settings(['contested.ca']));
    const asCompany = <T>(admin: typeof adminA, work: () => Promise<T>) =>
      inRequestTransaction(
        db,
        { tenant: { companyId: admin.row.companyId, userId: admin.row.id } },
        work,
      );
    // Only its own claims are readable: neither Alpha's proof nor Gamma's rival claim.
    const seen = await asCompany(adminB, async () =>
      (await db.select().from(companySsoDomains)).map((row) => `${row.companyId} ${row.domain}`),
    );
    expect(seen).toEqual([`${adminB.row.companyId} contested.ca`]);
    // The one cross-company question still gets its answer in the company's request.
    await expect(
      asCompany(adminB, () =>
        t.services.companySso.save(adminB.row.companyId, settings(['contested.ca', 'proven.ca'])),
      ),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'email_domains: proven.ca signs in to another company',
    });
    // Proving a domain in the company's request withdraws the rival's unproven claim.
    expect(
      await asCompany(adminB, () =>
        t.services.companySso.markVerified(
          adminB.row.companyId,
          'contested.ca',
          'dns',
          adminB.row.id,
        ),
      ),
    ).toBe(true);
    const claims = (await db.select().from(companySsoDomains)).map(
      (row) => `${row.companyId} ${row.domain} ${row.verifiedMethod}`,
    );
    expect(claims.sort()).toEqual(
      [
        `${adminA.row.companyId} proven.ca review`,
        `${adminB.row.companyId} contested.ca dns`,
      ].sort(),
    );
    // A company's request cannot withdraw claims in another company's name.
    await expect(
      asCompany(adminC, () =>
        db.execute(sql`select sso_withdraw_unproven_claims('proven.ca', ${adminA.row.companyId})`),
      ),
    ).rejects.toThrow();
  });
});
