import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inRequestTransaction } from '../../../server/audit/audited-transaction.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { userBridges, userDatastreams } from '../../../server/db/schema.ts';
import {
  bridgeWithSensor,
  companyPerson,
  twoCompaniesWithStreams,
} from '../../helpers/company-person.ts';
import { sineBlocks } from '../../helpers/readings-fixtures.ts';
import { planShapeWithHashes } from '../../helpers/plan-shape.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

// Decision 072, amended 2026-12-02 (migration 0064): readings and roll-ups behind the wall, and
// every "owned by a visible row" policy planned once per query, as an InitPlan over the ids
// the request may see, instead of nesting the source's policy into each query.

const START_MS = Date.UTC(2026, 9, 10, 12);

/** drizzle wraps the database's error; the policy's refusal is its cause. */
const refusedByPolicy = (error: unknown) =>
  /row-level security policy/.test(String((error as { cause?: Error }).cause?.message));

describe.each(drivers)('row-level security on readings and their planning on %s', (kind) => {
  const t = setupTestApp(kind);

  /** Both companies' streams with a minute of 1 Hz readings each, ingested by platform staff. */
  async function twoCompaniesWithReadings() {
    const cast = await twoCompaniesWithStreams(t);
    const staff = await companyPerson(t, 'platform-staff', 'SpanWatch Platform', { staff: true });
    // One block of a minute at 1 Hz for each company's stream.
    const body = ['alpha-tilt', 'beta-tilt'].flatMap((id) => sineBlocks(id, START_MS, 1, 1, 60));
    const stored = await t.request({
      method: 'POST',
      url: '/api/v1/ingest',
      token: staff.token,
      body,
    });
    expect(stored.body).toMatchObject({ accepted_samples: 120, rejected: [] });
    return cast;
  }

  it("refuses another company's readings and roll-ups to a company's transaction", async () => {
    const { a, b, adminB } = await twoCompaniesWithReadings();
    const { db } = t.services.database;
    const streamsIn = async (query: SQL) =>
      rowsOf<{ id: number }>(await db.execute(query))
        .map((row) => Number(row.id))
        .sort();
    const readings = sql`SELECT DISTINCT datastream_id AS id FROM readings`;
    const rollups = sql`SELECT DISTINCT datastream_id AS id FROM reading_rollups`;
    const tenant = { companyId: adminB.row.companyId, userId: adminB.row.id };
    const seen = await inRequestTransaction(db, { tenant }, async () => ({
      readings: await streamsIn(readings),
      rollups: await streamsIn(rollups),
    }));
    expect(seen).toEqual({ readings: [b.stream.id], rollups: [b.stream.id] });
    // The owner (ingest, retention, platform staff) still sees both.
    const both = [a.stream.id, b.stream.id].sort();
    expect(await streamsIn(readings)).toEqual(both);
    expect(await streamsIn(rollups)).toEqual(both);
    // A block written into Alpha's stream from Beta's transaction is refused.
    await expect(
      inRequestTransaction(db, { tenant }, () =>
        db.execute(sql`INSERT INTO readings (datastream_id, start, rate_hz, values, n, v_min, v_max, v_sum)
                       VALUES (${a.stream.id}, '2026-10-10T13:00:00Z', 1, '{1}', 1, 1, 1, 1)`),
      ),
    ).rejects.toSatisfy(refusedByPolicy);
    // Beta's administrator still charts its own stream through the API, with the wall on.
    const chart = await t.request<{ points: { count: number }[] }>({
      method: 'GET',
      url: `/api/v1/datastreams/${b.stream.id}/readings?from=2026-10-10T11:00:00Z&to=2026-10-10T13:00:00Z`,
      token: adminB.token,
    });
    expect(chart.status).toBe(200);
    expect(chart.body.points.reduce((sum, p) => sum + p.count, 0)).toBe(60);
  });

  it('plans the visible ids once per query, not the source tables policies again', async () => {
    const { adminB } = await twoCompaniesWithReadings();
    const { db } = t.services.database;
    const tenant = { companyId: adminB.row.companyId, userId: adminB.row.id };
    const subPlans = (query: string) => planShapeWithHashes(db, query);
    const plans = await inRequestTransaction(db, { tenant }, async () => ({
      datastreams: await subPlans('SELECT * FROM datastreams'),
      sensors: await subPlans('SELECT * FROM sensors'),
      alerts: await subPlans('SELECT * FROM alerts'),
      readings: await subPlans('SELECT * FROM readings'),
      calibrations: await subPlans('SELECT * FROM sensor_calibrations'),
    }));
    // Before migration 0064 each of these nested its source's policy: bridges' assignment
    // sub-plan, and for calibrations the sensors' too. Before 0065 the streams planned 8: the
    // sensor arm's InitPlan and the assigned streams' sub-select under the users policy. Since
    // 0075 readings and calibrations read their source once per statement under the source's
    // own one-InitPlan policy, hashed (decision 072 (f): cheaper than 0065/0066's functions).
    const once = { initPlans: 1, subPlans: 0, perRowSubPlans: 0 };
    const hashedOnce = { initPlans: 1, subPlans: 1, perRowSubPlans: 0 };
    expect(plans).toEqual({
      datastreams: once,
      sensors: once,
      alerts: once,
      readings: hashedOnce,
      calibrations: hashedOnce,
    });
  });

  it("gives a request a stream's readings exactly when it sees the stream, assignments across companies included", async () => {
    const { a, b, adminB } = await twoCompaniesWithReadings();
    const { db } = t.services.database;
    // Beta's operator, assigned Alpha's bridge by platform staff (decision 040) and one more of
    // Alpha's streams directly; Alpha's third stream is assigned to nobody.
    const operator = await companyPerson(t, 'beta-operator', 'Beta Bridges');
    const direct = await bridgeWithSensor(t, a.companyId, 'alpha-direct');
    const hidden = await bridgeWithSensor(t, a.companyId, 'alpha-hidden');
    const stream = (prefix: string, sensorId: number) =>
      t.services.datastreams.create({
        streamId: `${prefix}-x`,
        dataType: 'tilt',
        sensorIds: [sensorId],
      });
    const directStream = await stream('alpha-direct', direct.sensor.id);
    const hiddenStream = await stream('alpha-hidden', hidden.sensor.id);
    await db.insert(userBridges).values({ userId: operator.row.id, bridgeId: a.bridge.id });
    await db
      .insert(userDatastreams)
      .values({ userId: operator.row.id, datastreamId: directStream.id });
    const staff = await companyPerson(t, 'platform-staff-2', 'SpanWatch Platform', { staff: true });
    const body = ['alpha-direct-x', 'alpha-hidden-x'].flatMap((id) =>
      sineBlocks(id, START_MS, 1, 1, 60),
    );
    const stored = await t.request({
      method: 'POST',
      url: '/api/v1/ingest',
      token: staff.token,
      body,
    });
    expect(stored.body).toMatchObject({ accepted_samples: 120, rejected: [] });

    const ids = async (query: SQL) =>
      rowsOf<{ id: number }>(await db.execute(query))
        .map((row) => Number(row.id))
        .sort((x, y) => x - y);
    const seenBy = (person: typeof operator) =>
      inRequestTransaction(
        db,
        { tenant: { companyId: person.row.companyId, userId: person.row.id } },
        async () => ({
          streams: await ids(sql`SELECT id FROM datastreams`),
          readings: await ids(sql`SELECT DISTINCT datastream_id AS id FROM readings`),
          rollups: await ids(sql`SELECT DISTINCT datastream_id AS id FROM reading_rollups`),
        }),
      );
    const sorted = (...values: number[]) => values.sort((x, y) => x - y);
    const operatorSees = sorted(a.stream.id, b.stream.id, directStream.id);
    expect(await seenBy(operator)).toEqual({
      streams: operatorSees,
      readings: operatorSees,
      rollups: operatorSees,
    });
    expect(await seenBy(adminB)).toEqual({
      streams: [b.stream.id],
      readings: [b.stream.id],
      rollups: [b.stream.id],
    });
    // The unassigned stream of Alpha stays refused through the API too.
    const refused = await t.request({
      method: 'GET',
      url: `/api/v1/datastreams/${hiddenStream.id}/readings?from=2026-10-10T11:00:00Z&to=2026-10-10T13:00:00Z`,
      token: operator.token,
    });
    expect(refused.status).toBe(404);
  });
});
