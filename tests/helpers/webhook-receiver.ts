import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Received {
  status: number;
  body: Record<string, unknown>;
}

/** A webhook receiver on loopback that answers the given statuses in turn, then 204. */
export function receiver() {
  const received: Received[] = [];
  let statuses: number[] = [];
  let holdMs = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = statuses.shift() ?? 204;
      received.push({
        status,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      });
      setTimeout(() => response.writeHead(status).end(), holdMs);
    });
  });
  return {
    received,
    answer(next: number[], hold = 0) {
      statuses = next;
      holdMs = hold;
      received.length = 0;
    },
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/alerts`,
  };
}
