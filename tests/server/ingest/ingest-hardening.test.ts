/**
 * Issue 13, ingest findings 1, 7 and 10 and the conflict rule over HTTP: every item is judged
 * on its own, down to the database, and nothing out of bounds is stored.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { assertMatchesContract } from '../../helpers/contract-validator.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { BASE_MS, streamOnBridge } from '../../helpers/readings-fixtures.ts';

interface IngestResult {
  accepted_samples: number;
  duplicate_samples: number;
  rejected: { index: number; stream_id: string | null; reason: string; detail: string }[];
  rejected_total: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(drivers)('HTTP ingest hardening on %s', (kind) => {
  const t = setupTestApp(kind);
  const db = () => t.services.database.db;

  async function setup() {
    const staff = await t.createUser({ staff: true });
    const here = await streamOnBridge(t, 'here-acc');
    const created = await t.request<{ token: string }>({
      method: 'POST',
      url: `/api/v1/bridges/${here.bridge.id}/ingest-tokens`,
      token: staff.token,
      body: { name: 'gateway' },
    });
    return { staff, here, ingestToken: created.body.token };
  }

  async function post(ingestToken: string, body: unknown, contentType = 'application/json') {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest',
      headers: { 'x-ingest-token': ingestToken, 'content-type': contentType },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const parsed: unknown = response.json();
    assertMatchesContract('POST', '/api/v1/ingest', response.statusCode, parsed);
    return { status: response.statusCode, body: parsed as IngestResult };
  }

  const block = (startMs: number, values = [1, 2, 3]) => ({
    stream_id: 'here-acc',
    start: iso(startMs),
    rate_hz: 100,
    values,
  });
  const sampleCount = async (id: number) =>
    (await t.services.datastreams.findById(id))?.sampleCount;
  const partitions = async () =>
    Number(
      rowsOf<{ n: number | string }>(
        await db().execute(
          sql`SELECT count(*) AS n FROM pg_inherits WHERE inhparent = 'readings'::regclass`,
        ),
      )[0]?.n,
    );

  it('stores the valid items around a reading from before any calendar (was a 500)', async () => {
    const { here, ingestToken } = await setup();
    const poisoned = { stream_id: 'here-acc', ts: -8e15, value: 1 };
    const answer = await post(ingestToken, [block(BASE_MS), poisoned, block(BASE_MS + 1000)]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      accepted_samples: 6,
      duplicate_samples: 0,
      rejected: [{ index: 1, stream_id: 'here-acc', reason: 'time_out_of_range' }],
    });
    expect(await sampleCount(here.stream.id)).toBe(6);
  });

  it('keeps an item the database refuses as a dead letter and stores the rest', async () => {
    const { here, ingestToken } = await setup();
    // A rule the checks do not know (as a stream deleted a moment ago would be): the database
    // alone refuses the block holding 666, so the batch must be split to find it.
    await db().execute(
      sql.raw('ALTER TABLE readings ADD CONSTRAINT test_no_666 CHECK (v_max <> 666)'),
    );
    try {
      const batch = [0, 1, 2, 3, 4].map((s) => block(BASE_MS + s * 1000, s === 3 ? [666] : [s]));
      const answer = await post(ingestToken, batch);
      expect(answer.status).toBe(200);
      expect(answer.body.accepted_samples).toBe(4);
      expect(answer.body.rejected).toEqual([
        expect.objectContaining({ index: 3, reason: 'refused_by_database' }),
      ]);
      expect(answer.body.rejected[0]?.detail).toContain('test_no_666');
    } finally {
      await db().execute(sql.raw('ALTER TABLE readings DROP CONSTRAINT test_no_666'));
    }
    expect(await sampleCount(here.stream.id)).toBe(4);
    const letters = await t.services.deadLetters.list();
    expect(letters).toEqual([
      expect.objectContaining({
        source: 'http',
        bridgeId: here.bridge.id,
        streamId: 'here-acc',
        topic: null,
      }),
    ]);
    expect(letters[0]?.reason).toMatch(/^refused_by_database: .*test_no_666/);
    expect(JSON.parse(letters[0]?.payload ?? '')).toEqual(block(BASE_MS + 3000, [666]));
  });

  it('rejects a different block with a stored start as a conflict; a resend is a duplicate', async () => {
    const { here, ingestToken } = await setup();
    expect((await post(ingestToken, [block(BASE_MS)])).body.accepted_samples).toBe(3);
    const resend = await post(ingestToken, [block(BASE_MS)]);
    expect(resend.body).toMatchObject({ accepted_samples: 3, duplicate_samples: 3, rejected: [] });

    const changed = await post(ingestToken, [block(BASE_MS, [9, 9, 9]), block(BASE_MS + 1000)]);
    expect(changed.body).toMatchObject({
      accepted_samples: 3,
      duplicate_samples: 0,
      rejected: [
        {
          index: 0,
          stream_id: 'here-acc',
          reason: 'conflict',
          detail: `another block of 'here-acc' starting at ${iso(BASE_MS)} is stored`,
        },
      ],
    });
    // Within one batch too: the second of two different blocks with one start conflicts.
    const twice = await post(ingestToken, [block(BASE_MS + 2000), block(BASE_MS + 2000, [5])]);
    expect(twice.body.rejected.map((r) => [r.index, r.reason])).toEqual([[1, 'conflict']]);
    const same = await post(ingestToken, [block(BASE_MS + 5000), block(BASE_MS + 5000)]);
    expect(same.body).toMatchObject({ accepted_samples: 6, duplicate_samples: 3, rejected: [] });

    const series = await t.services.readingsQuery.series(
      here.stream.id,
      BASE_MS,
      BASE_MS + 1000,
      1,
    );
    expect(series.points).toEqual([expect.objectContaining({ max: 3, count: 3 })]);
  });

  it('reads a numeric time with a fraction of a millisecond as its millisecond (issue 37, finding 12)', async () => {
    const { here, ingestToken } = await setup();
    const reading = (ts: number, value: number) => ({ stream_id: 'here-acc', ts, value });
    const first = await post(ingestToken, [reading(BASE_MS + 0.4, 1)]);
    expect(first.body).toMatchObject({ accepted_samples: 1, rejected: [] });
    const same = await post(ingestToken, [reading(BASE_MS + 0.6, 1)]);
    expect(same.body).toMatchObject({ accepted_samples: 1, duplicate_samples: 1, rejected: [] });
    const other = await post(ingestToken, [reading(BASE_MS + 0.9, 2)]);
    expect(other.body.rejected.map((r) => r.reason)).toEqual(['conflict']);
    expect(await sampleCount(here.stream.id)).toBe(1);
  });

  it('refuses times before the horizon or on days that do not exist, per item', async () => {
    const { here, ingestToken } = await setup();
    const before = await partitions();
    const now = Date.now();
    const reading = (ts: string) => ({ stream_id: 'here-acc', ts, value: 1 });
    const items = [
      reading('0050-06-01T00:00:00Z'),
      reading('1900-01-01T00:00:00Z'),
      reading(iso(now - 3651 * DAY_MS)),
      reading('2026-02-30T00:00:00Z'),
      reading('2026-13-01T00:00:00Z'),
      reading('2026-10-01T24:00:00Z'),
      reading(iso(now - 3649 * DAY_MS)),
      reading(iso(BASE_MS)),
      // A century of readings once made a partition each.
      ...Array.from({ length: 100 }, (_, year) => reading(`${1900 + year}-03-01T00:00:00Z`)),
    ];
    const answer = await post(ingestToken, items);
    expect(answer.status).toBe(200);
    expect(answer.body.accepted_samples).toBe(2);
    expect(answer.body.rejected.slice(0, 6).map((r) => r.reason)).toEqual([
      'time_out_of_range',
      'time_out_of_range',
      'time_out_of_range',
      'invalid_item',
      'invalid_item',
      'invalid_item',
    ]);
    expect(answer.body.rejected[3]?.detail).toBe(
      'ts must be an ISO 8601 time on a day that exists',
    );
    expect(answer.body.rejected_total).toBe(items.length - 2);
    expect(answer.body.rejected).toHaveLength(100);
    expect(await sampleCount(here.stream.id)).toBe(2);
    expect((await partitions()) - before).toBeLessThanOrEqual(2);
  });

  it('refuses values whose sums overflow, so the roll-ups keep a mean (was null)', async () => {
    const { here, ingestToken } = await setup();
    const start = iso(BASE_MS + 10_000);
    const json = await post(ingestToken, [
      block(BASE_MS),
      block(BASE_MS + 1000, [1e308, 1e308]),
      { stream_id: 'here-acc', ts: iso(BASE_MS + 2000), value: -1e101 },
    ]);
    expect(json.body.rejected.map((r) => r.reason)).toEqual([
      'value_out_of_range',
      'value_out_of_range',
    ]);
    const ndjson = await post(
      ingestToken,
      `{"stream_id":"here-acc","start":"${start}","rate_hz":1,"values":[1e308,1e308]}\n`,
      'application/x-ndjson',
    );
    const csv = await post(ingestToken, `here-acc,${start},1,1e308,1e308\n`, 'text/csv');
    for (const answer of [ndjson, csv]) {
      expect(answer.body.rejected.map((r) => r.reason)).toEqual(['value_out_of_range']);
    }
    const staff = await t.createUser({ staff: true });
    const hour = await t.request<{ points: { mean: number | null }[] }>({
      method: 'GET',
      url: `/api/v1/datastreams/${here.stream.id}/readings?from=${iso(BASE_MS - 3_600_000)}&to=${iso(BASE_MS + 3_600_000)}&max_points=2`,
      token: staff.token,
    });
    expect(hour.body.points.map((p) => p.mean)).toEqual([2]);
  });

  it('rejects a stream_id holding a NUL or control character as an invalid item', async () => {
    const { ingestToken } = await setup();
    const answer = await post(ingestToken, [
      { ...block(BASE_MS), stream_id: 'here\u0000acc' },
      { ...block(BASE_MS), stream_id: 'x'.repeat(101) },
      block(BASE_MS),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.rejected.map((r) => [r.index, r.reason, r.stream_id])).toEqual([
      [0, 'invalid_item', null],
      [1, 'invalid_item', null],
    ]);
    expect(answer.body.accepted_samples).toBe(3);
  });
});
