/**
 * Issue 13, findings 8 and 11 (readings): a range is checked before anything is read or sent,
 * and a short window over a fast stream no longer reads every raw sample.
 */
import { describe, expect, it } from 'vitest';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { BASE_MS, HOUR_MS, sineBlocks, streamOnBridge } from '../../helpers/readings-fixtures.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe.each(drivers)('readings ranges on %s', (kind) => {
  const t = setupTestApp(kind);

  async function setup() {
    const staff = await t.createUser({ staff: true });
    const { stream } = await streamOnBridge(t, 'fast-acc');
    return { staff, stream };
  }

  const badRanges: [string, string][] = [
    ['from=0001-01-01T00:00:00Z', 'from: must lie between'],
    ['from=1969-12-31T23:59:59Z', 'from: must lie between'],
    [`from=2026-02-30T00:00:00Z&to=${iso(BASE_MS)}`, 'from'],
    ['to=2026-13-01T00:00:00Z', 'to'],
    [`from=${iso(BASE_MS)}&to=${iso(BASE_MS)}`, 'from: must be before to'],
  ];

  it.each(badRanges)('answers 400 naming the field for %s', async (query, detail) => {
    const { staff, stream } = await setup();
    for (const path of ['readings', 'readings.csv']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/datastreams/${stream.id}/${path}?${query}`,
        headers: { authorization: `Bearer ${staff.token}` },
      });
      expect(response.statusCode, path).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json<{ detail: string }>().detail).toContain(detail);
    }
  });

  it('exports the CSV of a range starting at the epoch', async () => {
    const { staff, stream } = await setup();
    await t.services.ingest.ingest(sineBlocks('fast-acc', BASE_MS, 1, 10), { anyBridge: true });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/datastreams/${stream.id}/readings.csv?from=1970-01-01T00:00:00Z`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.trim().split('\n')).toHaveLength(11);
  });

  it('exports every sample exactly once over several pages of blocks (issue 37, finding 7)', async () => {
    const { staff, stream } = await setup();
    // 1,201 one-second blocks of 2 samples: three pages of 500 blocks, the last block of each
    // page reaching past the next page's first start.
    const blocks = sineBlocks('fast-acc', BASE_MS, 1201, 2);
    expect((await t.services.ingest.ingest(blocks, { anyBridge: true })).accepted_samples).toBe(
      2402,
    );
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/datastreams/${stream.id}/readings.csv?from=${iso(BASE_MS)}&to=${iso(BASE_MS + 2 * HOUR_MS)}`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body.trim().split('\n');
    expect(header).toBe('timestamp,fast-acc (m/s²)');
    expect(rows).toHaveLength(2402);
    const times = rows.map((row) => row.split(',')[0]);
    expect(new Set(times).size).toBe(2402);
    expect(times[0]).toBe(iso(BASE_MS));
    expect(times.at(-1)).toBe(iso(BASE_MS + 1200_500));
  });

  it('exports every sample exactly once when pages are sized by samples (decision 047)', async () => {
    const { staff, stream } = await setup();
    // 45 four-second blocks of 4,000 samples at 1 kHz: a first page of 20 blocks, then pages
    // of 12 (about 50,000 samples each), the last one short.
    const blocks = sineBlocks('fast-acc', BASE_MS, 45, 1000, 4);
    expect((await t.services.ingest.ingest(blocks, { anyBridge: true })).accepted_samples).toBe(
      180_000,
    );
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/datastreams/${stream.id}/readings.csv?from=${iso(BASE_MS)}&to=${iso(BASE_MS + HOUR_MS)}`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(response.statusCode).toBe(200);
    const rows = response.body.trim().split('\n').slice(1);
    expect(rows).toHaveLength(180_000);
    const times = rows.map((row) => row.slice(0, row.indexOf(',')));
    expect(new Set(times).size).toBe(180_000);
    expect(times[0]).toBe(iso(BASE_MS));
    expect(times.at(-1)).toBe(iso(BASE_MS + 179_999));
    // One row a millisecond across the page boundaries (after blocks 20, 32 and 44).
    for (const ms of [79_999, 80_000, 127_999, 128_000, 175_999, 176_000]) {
      expect(times[ms]).toBe(iso(BASE_MS + ms));
    }
  });

  it('answers a short window of a fast stream from the blocks, not every raw sample', async () => {
    const { staff, stream } = await setup();
    // 20 s at 1 kHz: 20,000 samples for 100 points, far more than 20 per point.
    const blocks = sineBlocks('fast-acc', BASE_MS, 20, 1000);
    const { ingest } = t.services;
    expect((await ingest.ingest(blocks, { anyBridge: true })).accepted_samples).toBe(20_000);
    const read = (to: number, maxPoints: number) =>
      t.request<{ level: string; points: { count: number }[] }>({
        method: 'GET',
        url: `/api/v1/datastreams/${stream.id}/readings?from=${iso(BASE_MS)}&to=${iso(to)}&max_points=${maxPoints}`,
        token: staff.token,
      });
    const wide = await read(BASE_MS + 20_000, 100);
    expect(wide.body.level).toBe('block');
    expect(wide.body.points.length).toBeLessThanOrEqual(100);
    expect(wide.body.points.reduce((sum, p) => sum + p.count, 0)).toBe(20_000);
    // Few samples per point: still the raw samples.
    const narrow = await read(BASE_MS + 1000, 100);
    expect(narrow.body.level).toBe('raw');
    expect(narrow.body.points.reduce((sum, p) => sum + p.count, 0)).toBe(1000);
  });
});
