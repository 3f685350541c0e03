import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/schema';
import { bridgeBody, companyPerson } from '../../helpers/company-person.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp, type TestContext } from '../../helpers/test-app.ts';

type Limits = components['schemas']['CompanyLimits'];

const NO_LIMITS = { max_bridges: null, max_datastreams: null, ingest_samples_per_minute: null };

/** A company with an administrator, a bridge, a span and a sensor, and platform staff. */
async function cast(t: TestContext, company: string, prefix: string) {
  const admin = await companyPerson(t, `${prefix}-admin`, company, { admin: true });
  const companyId = admin.row.companyId;
  const bridge = await t.services.bridges.create({
    companyId,
    name: `${prefix} Bridge`,
    location: 'x',
  });
  const span = await t.services.spans.create({ bridgeId: bridge.id, label: 'main', length: 40 });
  const sensor = await t.services.sensors.create({
    bridgeId: bridge.id,
    spanId: span.id,
    label: `${prefix}-acc`,
    type: 'accelerometer',
    status: 'active',
    installationDate: '2025-01-01',
  });
  return { admin, companyId, bridge, sensor };
}

const ingestBlock = (streamId: string, at: number, samples: number) => ({
  stream_id: streamId,
  start: new Date(at).toISOString(),
  rate_hz: 100,
  values: Array.from({ length: samples }, (_, i) => Math.sin(i / 7)),
});

describe.each(drivers)('company limits on %s', (kind) => {
  const t = setupTestApp(kind);

  it('lets platform staff set limits, the company administrator read them, and no one else change them', async () => {
    const acme = await cast(t, 'Acme Spans', 'acme');
    const staff = await t.createUser({ staff: true });
    const url = `/api/v1/companies/${acme.companyId}/limits`;

    const unset = await t.request<Limits>({ method: 'GET', url, token: acme.admin.token });
    expect(unset.body).toEqual({
      company_id: acme.companyId,
      ...NO_LIMITS,
      bridges: 1,
      datastreams: 0,
    });

    const limits = { max_bridges: 3, max_datastreams: 10, ingest_samples_per_minute: 60_000 };
    const set = await t.request<Limits>({ method: 'PUT', url, token: staff.token, body: limits });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject(limits);

    const byAdmin = await t.request({
      method: 'PUT',
      url,
      token: acme.admin.token,
      body: NO_LIMITS,
    });
    expect(byAdmin.status).toBe(403);
    const read = await t.request<Limits>({ method: 'GET', url, token: acme.admin.token });
    expect(read.body).toMatchObject(limits);

    for (const [field, value] of [
      ['max_bridges', -1],
      ['max_datastreams', 2.5],
      ['ingest_samples_per_minute', 0],
      ['max_bridges', 'many'],
    ] as const) {
      const refused = await t.request<{ detail: string }>({
        method: 'PUT',
        url,
        token: staff.token,
        body: { ...NO_LIMITS, [field]: value },
      });
      expect(refused.status, field).toBe(400);
      expect(refused.body.detail).toContain(field);
    }
    const missing = await t.request({
      method: 'PUT',
      url: '/api/v1/companies/999999/limits',
      token: staff.token,
      body: NO_LIMITS,
    });
    expect(missing.status).toBe(404);
  });

  it('refuses a bridge past the limit with 409 naming it, counts parallel creations one by one, and leaves other companies alone', async () => {
    const acme = await cast(t, 'Acme Spans', 'acme');
    const other = await cast(t, 'Other Crossings', 'other');
    await t.services.companyLimits.save(acme.companyId, {
      ...{ maxDatastreams: null, ingestSamplesPerMinute: null },
      maxBridges: 3,
    });

    const creations = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.request<{ detail?: string }>({
          method: 'POST',
          url: '/api/v1/bridges/create',
          token: acme.admin.token,
          body: bridgeBody(`Acme ${i}`),
        }),
      ),
    );
    expect(creations.map((c) => c.status).sort()).toEqual([201, 201, 409, 409, 409]);
    const refusal = creations.find((c) => c.status === 409)?.body.detail;
    expect(refusal).toBe(
      'max_bridges: Acme Spans has 3 bridges and a limit of 3; platform staff can raise it',
    );
    const limits = await t.services.companyLimits.find(acme.companyId);
    expect(limits?.bridges).toBe(3);

    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/v1/bridges/create',
      token: other.admin.token,
      body: bridgeBody('Other 2'),
    });
    expect(elsewhere.status).toBe(201);

    await t.services.companyLimits.save(acme.companyId, {
      maxBridges: null,
      maxDatastreams: null,
      ingestSamplesPerMinute: null,
    });
    const lifted = await t.request({
      method: 'POST',
      url: '/api/v1/bridges/create',
      token: acme.admin.token,
      body: bridgeBody('Acme 9'),
    });
    expect(lifted.status).toBe(201);
  });

  it('refuses a data stream past the limit with 409 naming it', async () => {
    const acme = await cast(t, 'Acme Spans', 'acme');
    await t.services.companyLimits.save(acme.companyId, {
      maxBridges: null,
      maxDatastreams: 1,
      ingestSamplesPerMinute: null,
    });
    const create = (streamId: string) =>
      t.request<{ detail?: string }>({
        method: 'POST',
        url: '/api/v1/datastreams/create',
        token: acme.admin.token,
        body: { stream_id: streamId, data_type: 'acceleration', sensors: [acme.sensor.id] },
      });
    expect((await create('acme-acc-1')).status).toBe(201);
    const refused = await create('acme-acc-2');
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      'max_datastreams: Acme Spans has 1 data stream and a limit of 1; platform staff can raise it',
    );
    expect(
      (await t.services.datastreams.list({ id: 0, isStaff: true })).map((s) => s.streamId),
    ).toEqual(['acme-acc-1']);
  });

  it("answers 429 with Retry-After to a company over its ingest rate, and keeps storing another company's", async () => {
    const acme = await cast(t, 'Acme Spans', 'acme');
    const other = await cast(t, 'Other Crossings', 'other');
    await t.services.companyLimits.save(acme.companyId, {
      maxBridges: null,
      maxDatastreams: null,
      ingestSamplesPerMinute: 1_200,
    });
    const gateway = async (c: typeof acme, streamId: string) => {
      await t.services.datastreams.create({
        streamId,
        dataType: 'acceleration',
        sensorIds: [c.sensor.id],
      });
      return (await t.services.ingestTokens.create(c.bridge.id, 'gateway')).token;
    };
    const acmeToken = await gateway(acme, 'acme-acc');
    const otherToken = await gateway(other, 'other-acc');
    const send = (token: string, streamId: string, at: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/ingest',
        headers: { 'x-ingest-token': token },
        payload: [ingestBlock(streamId, at, 1_000)],
      });
    const start = Date.now() - 3_600_000;

    const first = await send(acmeToken, 'acme-acc', start);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ accepted_samples: 1_000 });
    const second = await send(acmeToken, 'acme-acc', start + 10_000);
    expect(second.statusCode).toBe(200);
    // 2,000 stored of 1,200 a minute: the bucket is 800 below empty, refilled at 20 a second.
    const over = await send(acmeToken, 'acme-acc', start + 20_000);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(40);
    expect(over.json().detail).toMatch(
      /^ingest_samples_per_minute: this company may store 1200 samples a minute; send again in \d+ s$/,
    );

    for (let i = 0; i < 5; i += 1) {
      const elsewhere = await send(otherToken, 'other-acc', start + i * 10_000);
      expect(elsewhere.statusCode).toBe(200);
    }
    const stored = await t.services.datastreams.list({ id: 0, isStaff: true });
    expect(Object.fromEntries(stored.map((s) => [s.streamId, s.sampleCount]))).toEqual({
      'acme-acc': 2_000,
      'other-acc': 5_000,
    });
  });
});
