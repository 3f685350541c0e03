/**
 * Issue 37, findings 1 and 2 over HTTP: a bulk body holds at most MAX_ITEMS_PER_BATCH items
 * (413 beyond), and its answer lists the first rejections with a count per reason, so the
 * answer stays small whatever the body.
 */
import { describe, expect, it } from 'vitest';
import { MAX_ITEMS_PER_BATCH } from '../../../server/readings/block-limits.ts';
import { assertMatchesContract } from '../../helpers/contract-validator.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { BASE_MS, sineBlocks, streamOnBridge } from '../../helpers/readings-fixtures.ts';

interface IngestResult {
  accepted_samples: number;
  rejected: { index: number; reason: string; detail: string }[];
  rejected_total: number;
  rejected_by_reason: Record<string, number>;
}

describe.each(drivers)('HTTP ingest bounded per body on %s', (kind) => {
  const t = setupTestApp(kind);

  async function ingestToken() {
    const staff = await t.createUser({ staff: true });
    const { bridge, stream } = await streamOnBridge(t, 'bounded-acc');
    const created = await t.request<{ token: string }>({
      method: 'POST',
      url: `/api/v1/bridges/${bridge.id}/ingest-tokens`,
      token: staff.token,
      body: { name: 'gateway' },
    });
    return { token: created.body.token, stream };
  }

  async function post(token: string, body: string, contentType: string) {
    const started = performance.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest',
      headers: { 'x-ingest-token': token, 'content-type': contentType },
      payload: body,
    });
    const ms = performance.now() - started;
    const parsed: unknown = response.json();
    assertMatchesContract('POST', '/api/v1/ingest', response.statusCode, parsed);
    return { status: response.statusCode, body: parsed, bytes: response.body.length, ms };
  }

  it.each([
    ['application/x-ndjson', 'x\n'.repeat(512 * 1024)],
    ['text/csv', 'x\n'.repeat(512 * 1024)],
    ['application/json', `[${'null,'.repeat(MAX_ITEMS_PER_BATCH)}null]`],
  ])(
    'answers a body of too many items as %s quickly with 413 and a short detail',
    async (contentType, body) => {
      const { token } = await ingestToken();
      const answer = await post(token, body, contentType);
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({
        detail: `the body holds more than ${MAX_ITEMS_PER_BATCH} items (array elements or lines); send at most ${MAX_ITEMS_PER_BATCH} per request`,
      });
      // About 30 s before the limit (issue 37); well under a second on an idle machine.
      expect(answer.ms).toBeLessThan(2000);
    },
  );

  it('lists the first 100 rejections and counts them all by reason', async () => {
    const { token, stream } = await ingestToken();
    const valid = sineBlocks('bounded-acc', BASE_MS, 1).map((b) => JSON.stringify(b));
    const lines = [...valid, ...Array.from({ length: MAX_ITEMS_PER_BATCH - 2 }, () => 'x')];
    lines.push(
      JSON.stringify({ stream_id: 'nowhere', ts: new Date(BASE_MS).toISOString(), value: 1 }),
    );
    const answer = await post(token, lines.join('\n'), 'application/x-ndjson');
    expect(answer.status).toBe(200);
    const result = answer.body as IngestResult;
    expect(result.accepted_samples).toBe(100);
    expect(result.rejected_total).toBe(MAX_ITEMS_PER_BATCH - 1);
    expect(result.rejected_by_reason).toEqual({
      invalid_item: MAX_ITEMS_PER_BATCH - 2,
      unknown_stream: 1,
    });
    expect(result.rejected).toHaveLength(100);
    expect(result.rejected[0]).toEqual({
      index: 1,
      stream_id: null,
      reason: 'invalid_item',
      detail: 'line 2 is not valid JSON',
    });
    expect(answer.bytes).toBeLessThan(16 * 1024);
    expect((await t.services.datastreams.findById(stream.id))?.sampleCount).toBe(100);
  });

  it('judges a JSON batch item by item: null, a number or __proto__ reject their item alone', async () => {
    const { token, stream } = await ingestToken();
    const [a, b] = sineBlocks('bounded-acc', BASE_MS, 2).map((block) => JSON.stringify(block));
    const body = `[${a},null,7,{"__proto__":{"x":1},"stream_id":"bounded-acc","ts":"x","value":1},${b}]`;
    const answer = await post(token, body, 'application/json');
    expect(answer.status).toBe(200);
    const result = answer.body as IngestResult;
    expect(result.accepted_samples).toBe(200);
    expect(result.rejected.map((r) => [r.index, r.reason])).toEqual([
      [1, 'invalid_item'],
      [2, 'invalid_item'],
      [3, 'invalid_item'],
    ]);
    expect((await t.services.datastreams.findById(stream.id))?.sampleCount).toBe(200);
  });
});
