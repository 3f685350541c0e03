import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { datastreams } from '../../../server/db/schema.ts';
import { storedBlocks } from '../../helpers/stored-blocks.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { BASE_MS, sineBlocks, streamOnBridge } from '../../helpers/readings-fixtures.ts';

interface IngestResult {
  accepted_samples: number;
  duplicate_samples: number;
  rejected: { index: number; stream_id: string | null; reason: string; detail: string }[];
}
interface Listed {
  id: number;
  last_seen?: string | null;
  sample_count?: number;
}

describe.each(drivers)('HTTP ingest on %s', (kind) => {
  const t = setupTestApp(kind);

  async function setup() {
    const staff = await t.createUser({ staff: true });
    const here = await streamOnBridge(t, 'here-acc');
    const there = await streamOnBridge(t, 'there-acc');
    const created = await t.request<{ token: string }>({
      method: 'POST',
      url: `/api/v1/bridges/${here.bridge.id}/ingest-tokens`,
      token: staff.token,
      body: { name: 'gateway 1' },
    });
    return { staff, here, there, ingestToken: created.body.token };
  }

  const ingest = (body: unknown, headers: Record<string, string>, contentType?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest',
      headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      ...(contentType ? {} : { headers: { ...headers, 'content-type': 'application/json' } }),
    });

  const valid = (start = BASE_MS) => ({
    stream_id: 'here-acc',
    start: new Date(start).toISOString(),
    rate_hz: 100,
    values: [1, 2, 3],
  });
  const far = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();

  const badItems: [string, unknown][] = [
    ['unknown_stream', { ...valid(), stream_id: 'nowhere' }],
    // Another bridge's stream: the token cannot tell it from no stream (issue 37, finding 13).
    ['unknown_stream', { ...valid(), stream_id: 'there-acc' }],
    ['non_finite_value', { ...valid(), values: [1, null, 3] }],
    ['non_finite_value', { ...valid(), values: [1, 'NaN'] }],
    ['non_finite_value', { stream_id: 'here-acc', ts: valid().start, value: 'Infinity' }],
    ['future_time', { ...valid(), start: far }],
    ['rate_out_of_range', { ...valid(), rate_hz: 0 }],
    ['rate_out_of_range', { ...valid(), rate_hz: 20_000 }],
    ['block_too_large', { ...valid(), values: new Array(10_001).fill(0) }],
    ['block_too_large', { ...valid(), rate_hz: 0.01, values: new Array(7).fill(0) }],
    ['invalid_item', { ...valid(), start: 'yesterday' }],
    ['invalid_item', { ...valid(), values: [] }],
    ['invalid_item', { start: valid().start, rate_hz: 1, values: [1] }],
  ];

  it('rejects every bad item with its reason and still stores the valid ones', async () => {
    const { ingestToken } = await setup();
    const batch = [valid(), ...badItems.map(([, item]) => item), valid(BASE_MS + 1000)];
    const response = await ingest(batch, { 'x-ingest-token': ingestToken });
    expect(response.statusCode).toBe(200);
    const body = response.json<IngestResult>();
    expect(body.accepted_samples).toBe(6);
    expect(body.rejected.map((r) => [r.index, r.reason])).toEqual(
      badItems.map(([reason], i) => [i + 1, reason]),
    );
    expect(body.rejected.every((r) => r.detail.length > 0)).toBe(true);
  });

  it("answers an ingest token alike for another bridge's stream and for none (issue 37, finding 13)", async () => {
    const { here, ingestToken } = await setup();
    const response = await ingest(
      [
        { ...valid(), stream_id: 'there-acc' },
        { ...valid(), stream_id: 'nowhere-acc' },
      ],
      { 'x-ingest-token': ingestToken },
    );
    const rejected = response.json<IngestResult>().rejected;
    expect(rejected.map(({ reason, detail }) => [reason, detail])).toEqual([
      ['unknown_stream', `no data stream 'there-acc' on bridge ${here.bridge.id}`],
      ['unknown_stream', `no data stream 'nowhere-acc' on bridge ${here.bridge.id}`],
    ]);
  });

  it('stores a retried batch once and accepts blocks out of order', async () => {
    const { staff, here } = await setup();
    const blocks = sineBlocks('here-acc', BASE_MS, 5);
    const shuffled = [blocks[3], blocks[0], blocks[4], blocks[1], blocks[2]];
    const auth = { authorization: `Bearer ${staff.token}` };
    const first = (await ingest(shuffled, auth)).json<IngestResult>();
    const retry = (await ingest(shuffled, auth)).json<IngestResult>();
    expect(first).toMatchObject({ accepted_samples: 500, duplicate_samples: 0, rejected: [] });
    expect(retry).toMatchObject({ accepted_samples: 500, duplicate_samples: 500, rejected: [] });

    const list = await t.request<Listed[]>({
      method: 'GET',
      url: '/api/v1/datastreams',
      token: staff.token,
    });
    const row = list.body.find((s) => s.id === here.stream.id);
    expect(row?.sample_count).toBe(500);
    expect(row?.last_seen).toBe(new Date(BASE_MS + 4990).toISOString());

    const series = await t.request<{ points: { count: number }[] }>({
      method: 'GET',
      url: `/api/v1/datastreams/${here.stream.id}/readings?from=${new Date(BASE_MS).toISOString()}&to=${new Date(BASE_MS + 3_600_000).toISOString()}`,
      token: staff.token,
    });
    expect(series.body.points.reduce((s, p) => s + p.count, 0)).toBe(500);
  });

  /** Gives the stream a step of 0.001 straight in the database (its cache is not yet warm). */
  async function declareResolution(streamId: number) {
    const db = t.services.database.db;
    const step = 0.001;
    await db.update(datastreams).set({ resolution: step }).where(eq(datastreams.id, streamId));
    return { db, step };
  }

  it('stores a stream with a declared resolution packed on its grid, and any other as sent', async () => {
    const { staff, here, there } = await setup();
    const { db, step } = await declareResolution(there.stream.id);
    const exact = sineBlocks('here-acc', BASE_MS, 2);
    const gridded = sineBlocks('there-acc', BASE_MS, 2);
    const auth = { authorization: `Bearer ${staff.token}` };
    const first = (await ingest([...exact, ...gridded], auth)).json<IngestResult>();
    expect(first).toMatchObject({ accepted_samples: 400, duplicate_samples: 0, rejected: [] });

    const kinds = rowsOf<{ datastream_id: number; array: boolean; packed: boolean }>(
      await db.execute(sql`SELECT datastream_id, values IS NOT NULL AS array,
                                  packed IS NOT NULL AS packed FROM readings ORDER BY 1, start`),
    );
    expect(kinds.map((k) => [Number(k.datastream_id), k.array, k.packed])).toEqual([
      [here.stream.id, true, false],
      [here.stream.id, true, false],
      [there.stream.id, false, true],
      [there.stream.id, false, true],
    ]);
    const stored = await storedBlocks(db);
    const sent = (stream: string) =>
      [...exact, ...gridded].filter((b) => b.stream_id === stream).flatMap((b) => b.values);
    // Equal as numbers: −0 and 0 alike.
    const asNumbers = (values: number[]) => values.map((v) => v + 0);
    expect(
      asNumbers(stored.filter((b) => b.datastream_id === here.stream.id).flatMap((b) => b.values)),
    ).toEqual(asNumbers(sent('here-acc')));
    const read = stored.filter((b) => b.datastream_id === there.stream.id).flatMap((b) => b.values);
    const expected = sent('there-acc');
    expect(read).toHaveLength(expected.length);
    for (const [i, value] of read.entries()) {
      expect(Math.abs(value - (expected[i] ?? NaN))).toBeLessThanOrEqual(step / 2 + 1e-12);
    }
    // A retry is a duplicate on both streams: the codec makes the same bytes of the same values.
    const retry = (await ingest([...exact, ...gridded], auth)).json<IngestResult>();
    expect(retry).toMatchObject({ accepted_samples: 400, duplicate_samples: 400, rejected: [] });
  });

  it('keeps an overrange marker exactly beside the grid of a stream with a declared resolution (codec 8)', async () => {
    const { staff, there } = await setup();
    const { db, step } = await declareResolution(there.stream.id);
    const blocks = sineBlocks('there-acc', BASE_MS, 1);
    const values = blocks[0]?.values as number[];
    values[0] = 1e38; // a logger's overrange marker, far past the grid's 2^50 steps
    values[57] = -1e38;
    const auth = { authorization: `Bearer ${staff.token}` };
    const first = (await ingest(blocks, auth)).json<IngestResult>();
    expect(first).toMatchObject({ accepted_samples: 100, rejected: [] });
    const codecs = rowsOf<{ codec: number }>(
      await db.execute(sql`SELECT get_byte(packed, 0) AS codec FROM readings`),
    );
    // Patched: before decision 075 the whole block was stored exactly (codec 2 or 1).
    expect(codecs.map((c) => Number(c.codec))).toEqual([8]);
    const read = (await storedBlocks(db)).flatMap((b) => b.values);
    expect(read[0]).toBe(1e38);
    expect(read[57]).toBe(-1e38);
    for (const [i, value] of read.entries()) {
      expect(Math.abs(value - (values[i] ?? NaN))).toBeLessThanOrEqual(step / 2 + 1e-12);
    }
    const retry = (await ingest(blocks, auth)).json<IngestResult>();
    expect(retry).toMatchObject({ accepted_samples: 100, duplicate_samples: 100, rejected: [] });
  });

  it('packs the blocks sent after a stream is given a resolution, keeping those before as they were', async () => {
    const { staff, here } = await setup();
    const db = t.services.database.db;
    const auth = { authorization: `Bearer ${staff.token}` };
    const [before, after] = sineBlocks('here-acc', BASE_MS, 2);
    // The first ingest caches the stream as exact.
    expect((await ingest([before], auth)).json<IngestResult>().rejected).toEqual([]);
    const changed = await t.request<{ resolution: number | null }>({
      method: 'PATCH',
      url: `/api/v1/datastreams/${here.stream.id}`,
      token: staff.token,
      body: { resolution: 0.001 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.resolution).toBe(0.001);
    expect((await ingest([after], auth)).json<IngestResult>().rejected).toEqual([]);

    const kinds = rowsOf<{ array: boolean; packed: boolean }>(
      await db.execute(sql`SELECT values IS NOT NULL AS array, packed IS NOT NULL AS packed
                           FROM readings ORDER BY start`),
    );
    expect(kinds).toEqual([
      { array: true, packed: false },
      { array: false, packed: true },
    ]);
  });

  it('takes NDJSON and CSV bulk bodies, reporting an unreadable line alone', async () => {
    const { ingestToken } = await setup();
    const ndjson = [
      JSON.stringify(valid()),
      '{not json',
      JSON.stringify(valid(BASE_MS + 1000)),
    ].join('\n');
    const fromNdjson = await ingest(
      ndjson,
      { 'x-ingest-token': ingestToken },
      'application/x-ndjson',
    );
    expect(fromNdjson.json()).toMatchObject({
      accepted_samples: 6,
      duplicate_samples: 0,
      rejected: [
        expect.objectContaining({
          index: 1,
          reason: 'invalid_item',
          detail: 'line 2 is not valid JSON',
        }),
      ],
    });
    const start = new Date(BASE_MS + 5000).toISOString();
    const csv = `stream_id,start,rate_hz,values\nhere-acc,${start},10,1,2,3,4\nhere-acc,${start},,7.5\nhere-acc,${start},10,1,nan\n`;
    const fromCsv = await ingest(csv, { 'x-ingest-token': ingestToken }, 'text/csv');
    // The single reading shares its start with the block before it: a conflict, not a duplicate.
    expect(fromCsv.json<IngestResult>()).toMatchObject({
      accepted_samples: 4,
      duplicate_samples: 0,
      rejected: [
        { index: 1, reason: 'conflict' },
        { index: 2, reason: 'non_finite_value' },
      ],
    });
  });

  it('answers 401 without credentials or with a revoked token, 403 to a non-staff session', async () => {
    const { staff, here, ingestToken } = await setup();
    expect((await ingest([valid()], {})).statusCode).toBe(401);
    const user = await t.createUser();
    const asUser = await ingest([valid()], { authorization: `Bearer ${user.token}` });
    expect(asUser.statusCode).toBe(403);
    const [token] = (
      await t.request<{ id: number }[]>({
        method: 'GET',
        url: `/api/v1/bridges/${here.bridge.id}/ingest-tokens`,
        token: staff.token,
      })
    ).body;
    await t.request({
      method: 'DELETE',
      url: `/api/v1/bridges/${here.bridge.id}/ingest-tokens/${token?.id}`,
      token: staff.token,
    });
    const revoked = await ingest([valid()], { 'x-ingest-token': ingestToken });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ detail: 'Invalid or revoked ingest token' });
  });

  it('refuses to delete a data stream with readings unless cascade=true', async () => {
    const { staff, here, ingestToken } = await setup();
    await ingest(sineBlocks('here-acc', BASE_MS, 2), { 'x-ingest-token': ingestToken });
    const refused = await t.request({
      method: 'DELETE',
      url: `/api/v1/datastreams/${here.stream.id}/delete`,
      token: staff.token,
    });
    expect(refused).toEqual({
      status: 409,
      body: {
        detail: "Data stream 'here-acc' has 200 readings; pass cascade=true to delete them with it",
      },
    });
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/datastreams/${here.stream.id}/delete?cascade=true`,
      token: staff.token,
    });
    expect(deleted.status).toBe(204);
  });
});
