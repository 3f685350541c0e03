import { describe, expect, it } from 'vitest';
import { createLookupCache, lookupsChanged } from '../../../server/repositories/lookup-cache.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { BASE_MS, streamOnBridge } from '../../helpers/readings-fixtures.ts';

interface IngestResult {
  accepted_samples: number;
  rejected: { index: number; reason: string }[];
}

describe('lookup cache', () => {
  it('forgets an entry after its time to live and after a change of its kind', () => {
    const cache = createLookupCache<number>('streams', 1000);
    cache.set('a', 1, 0);
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('a', 1000)).toBeUndefined();
    cache.set('a', 2, 2000);
    lookupsChanged('tokens');
    expect(cache.get('a', 2001)).toBe(2);
    lookupsChanged('streams');
    expect(cache.get('a', 2002)).toBeUndefined();
  });

  it('does not keep what was looked up while a change was made', () => {
    const cache = createLookupCache<number>('tokens', 1000);
    const before = cache.generation();
    lookupsChanged('tokens');
    cache.set('a', 1, 0, before);
    expect(cache.get('a', 1)).toBeUndefined();
  });
});

describe.each(drivers)('ingest lookups cached on %s', (kind) => {
  const t = setupTestApp(kind);

  async function gateway() {
    const staff = await t.createUser({ staff: true });
    const here = await streamOnBridge(t);
    const created = await t.request<{ id: number; token: string }>({
      method: 'POST',
      url: `/api/v1/bridges/${here.bridge.id}/ingest-tokens`,
      token: staff.token,
      body: { name: 'gateway' },
    });
    let second = 0;
    const send = async () => {
      second += 1;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/ingest',
        headers: { 'x-ingest-token': created.body.token, 'content-type': 'application/json' },
        payload: JSON.stringify([
          {
            stream_id: here.stream.streamId,
            start: new Date(BASE_MS + second * 1000).toISOString(),
            rate_hz: 10,
            values: [1, 2, 3],
          },
        ]),
      });
      return { status: response.statusCode, body: response.json<IngestResult>() };
    };
    return { staff, here, tokenId: created.body.id, send };
  }

  it('refuses a revoked token on the next request, though it was just used', async () => {
    const { staff, here, tokenId, send } = await gateway();
    expect((await send()).body.accepted_samples).toBe(3);
    expect((await send()).status).toBe(200);
    const revoked = await t.request({
      method: 'DELETE',
      url: `/api/v1/bridges/${here.bridge.id}/ingest-tokens/${tokenId}`,
      token: staff.token,
    });
    expect(revoked.status).toBe(204);
    expect(await send()).toEqual({
      status: 401,
      body: { detail: 'Invalid or revoked ingest token' },
    });
  });

  it('rejects items of a data stream deleted after it was just written to', async () => {
    const { staff, here, send } = await gateway();
    expect((await send()).body.accepted_samples).toBe(3);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/datastreams/${here.stream.id}/delete?cascade=true`,
      token: staff.token,
    });
    expect(deleted.status).toBe(204);
    const after = await send();
    expect(after.status).toBe(200);
    expect(after.body.accepted_samples).toBe(0);
    expect(after.body.rejected.map((r) => r.reason)).toEqual(['unknown_stream']);
  });

  it('rejects items of a stream whose only sensor on the bridge was deleted', async () => {
    const { staff, here, send } = await gateway();
    expect((await send()).body.accepted_samples).toBe(3);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/sensors/${here.sensor.id}/delete?cascade=true`,
      token: staff.token,
    });
    expect(deleted.status).toBe(204);
    const after = await send();
    expect(after.body.rejected.map((r) => r.reason)).toEqual(['unknown_stream']);
  });
});
