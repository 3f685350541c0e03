import http from 'node:http';
import type { BlockBody } from '../helpers/readings-fixtures.ts';

/** NDJSON bodies of `perBody` blocks each, encoded before the clock starts (as a gateway has them). */
export function ndjsonBodies(blocks: BlockBody[], perBody: number): Buffer[] {
  const bodies: Buffer[] = [];
  for (let i = 0; i < blocks.length; i += perBody) {
    bodies.push(
      Buffer.from(
        blocks
          .slice(i, i + perBody)
          .map((b) => JSON.stringify(b))
          .join('\n'),
      ),
    );
  }
  return bodies;
}

/** One POST of a body on a kept-alive connection: its status and its answer's text. */
function post(
  agent: http.Agent,
  url: URL,
  ingestToken: string,
  body: Buffer,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'x-ingest-token': ingestToken,
          'content-type': 'application/x-ndjson',
          'content-length': body.length,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Sends the bodies with `concurrency` requests in flight, each on its own kept-alive
 * connection as a gateway would (node:http: fetch spent more CPU than the server's parsing);
 * returns accepted samples. With `latencies`, each request's time to its answer (ms) is pushed
 * there.
 */
export async function sendBodies(
  baseUrl: string,
  ingestToken: string,
  bodies: Buffer[],
  concurrency: number,
  latencies?: number[],
): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const url = new URL('/api/v1/ingest', baseUrl);
  let next = 0;
  let accepted = 0;
  async function worker() {
    while (next < bodies.length) {
      const body = bodies[next] as Buffer;
      next += 1;
      const began = performance.now();
      const { status, text } = await post(agent, url, ingestToken, body);
      const result = JSON.parse(text) as { accepted_samples: number; rejected: unknown[] };
      latencies?.push(performance.now() - began);
      if (status !== 200 || result.rejected.length > 0) {
        throw new Error(`ingest answered ${status}: ${text.slice(0, 300)}`);
      }
      accepted += result.accepted_samples;
    }
  }
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
  return accepted;
}

/**
 * Open loop, as a fleet of gateways sends: body i leaves at i / rate seconds whether or not the
 * earlier ones were answered (at most `maxInFlight` at once, beyond which a body waits). Each
 * latency runs from the body's scheduled time, so a server that falls behind shows it in full
 * (no coordinated omission). Returns the rate achieved and the latencies (ms).
 */
export async function sendPaced(
  baseUrl: string,
  ingestToken: string,
  bodies: Buffer[],
  ratePerSecond: number,
  maxInFlight = 1024,
): Promise<{ requestsPerSecond: number; latencies: number[] }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });
  const url = new URL('/api/v1/ingest', baseUrl);
  const latencies: number[] = [];
  const began = performance.now();
  const dueAt = (i: number) => began + (i * 1000) / ratePerSecond;
  const sent: Promise<void>[] = [];
  try {
    for (let i = 0; i < bodies.length; i += 1) {
      const wait = dueAt(i) - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const scheduled = dueAt(i);
      sent.push(
        post(agent, url, ingestToken, bodies[i] as Buffer).then(({ status, text }) => {
          if (status !== 200) throw new Error(`ingest answered ${status}: ${text.slice(0, 300)}`);
          latencies.push(performance.now() - scheduled);
        }),
      );
    }
    await Promise.all(sent);
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - began) / 1000;
  return { requestsPerSecond: bodies.length / seconds, latencies };
}
