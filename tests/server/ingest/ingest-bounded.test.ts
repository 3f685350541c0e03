/**
 * Issue 37, findings 1 and 2 over HTTP: a bulk body holds at most MAX_ITEMS_PER_BATCH items
 * (413 beyond), and its answer lists the first rejections with a count per reason, so the
 * answer stays small whatever the body.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
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

  /**
   * Sends `total` bytes of `x\n` lines over a real socket, as fast as the server takes them;
   * what the client had written when the answer came, and what the server's socket read.
   */
  async function streamLines(token: string, total: number) {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    let serverSocket: Socket | undefined;
    const onConnection = (socket: Socket) => (serverSocket = socket);
    t.app.server.once('connection', onConnection);
    const chunk = Buffer.from('x\n'.repeat(32 * 1024));
    let written = 0;
    const request = httpRequest({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/api/v1/ingest',
      headers: {
        'x-ingest-token': token,
        'content-type': 'application/x-ndjson',
        'content-length': total,
      },
    });
    // Once answered, the server closes the connection: writing on may then fail.
    request.on('error', () => undefined);
    const answered = new Promise<{ status: number; text: string; writtenThen: number }>(
      (resolve) => {
        request.on('response', (response) => {
          const writtenThen = written;
          let text = '';
          response.on('data', (part: Buffer) => (text += part.toString()));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, text, writtenThen }),
          );
          response.on('error', () =>
            resolve({ status: response.statusCode ?? 0, text, writtenThen }),
          );
        });
      },
    );
    let done = false;
    void answered.then(() => (done = true));
    while (!done && written < total) {
      const part = chunk.subarray(0, Math.min(chunk.length, total - written));
      written += part.length;
      if (!request.write(part)) {
        await Promise.race([new Promise((resolve) => request.once('drain', resolve)), answered]);
      }
    }
    const answer = await answered;
    request.destroy();
    return { ...answer, serverRead: serverSocket?.bytesRead ?? NaN };
  }

  it('refuses a body of too many lines while it is still being sent, reading little of it', async () => {
    const { token } = await ingestToken();
    const total = 48 * 1024 * 1024;
    const answer = await streamLines(token, total);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({
      detail: `the body holds more than ${MAX_ITEMS_PER_BATCH} items (array elements or lines); send at most ${MAX_ITEMS_PER_BATCH} per request`,
    });
    // Line 10,001 starts at 20 KB. Before, the whole body was read and then its lines counted
    // (the client then had written all 48 MB, the server read them all). The client's figure
    // includes what the sockets' buffers on both sides hold, a few MB on loopback.
    expect(answer.writtenThen).toBeLessThan(total / 4);
    expect(answer.serverRead).toBeLessThan(1024 * 1024);
  });

  it('refuses a line longer than 1 MiB with 413 naming the limit', async () => {
    const { token } = await ingestToken();
    const answer = await post(token, `${'y'.repeat(1024 * 1024 + 1)}\n`, 'application/x-ndjson');
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      detail: "line 1 is longer than 1 MiB (1048576 bytes), the most one item's line may take",
    });
  });

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
