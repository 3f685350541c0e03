import type { BlockBody } from '../helpers/readings-fixtures.ts';

/** NDJSON bodies of `perBody` blocks each, built before the clock starts. */
export function ndjsonBodies(blocks: BlockBody[], perBody: number): string[] {
  const bodies: string[] = [];
  for (let i = 0; i < blocks.length; i += perBody) {
    bodies.push(
      blocks
        .slice(i, i + perBody)
        .map((b) => JSON.stringify(b))
        .join('\n'),
    );
  }
  return bodies;
}

/**
 * Sends the bodies with `concurrency` requests in flight; returns accepted samples. With
 * `latencies`, each request's time to its answer (ms) is pushed there.
 */
export async function sendBodies(
  baseUrl: string,
  ingestToken: string,
  bodies: string[],
  concurrency: number,
  latencies?: number[],
): Promise<number> {
  let next = 0;
  let accepted = 0;
  async function worker() {
    while (next < bodies.length) {
      const body = bodies[next];
      next += 1;
      const began = performance.now();
      const response = await fetch(`${baseUrl}/api/v1/ingest`, {
        method: 'POST',
        headers: { 'x-ingest-token': ingestToken, 'content-type': 'application/x-ndjson' },
        body,
      });
      const result = (await response.json()) as { accepted_samples: number; rejected: unknown[] };
      latencies?.push(performance.now() - began);
      if (!response.ok || result.rejected.length > 0) {
        throw new Error(
          `ingest answered ${response.status}: ${JSON.stringify(result).slice(0, 300)}`,
        );
      }
      accepted += result.accepted_samples;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return accepted;
}
