import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../helpers/test-app.ts';

/**
 * Opens a connection, writes `sent` and never finishes the request; resolves with what the
 * server answered and how long it kept the connection open.
 */
function holdOpen(port: number, sent: string) {
  return new Promise<{ answer: string; openMs: number }>((resolve, reject) => {
    const startedAt = performance.now();
    let answer = '';
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write(sent));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve({ answer, openMs: performance.now() - startedAt }));
    socket.on('error', reject);
  });
}

describe('HTTP timeouts (issue 37, finding 14)', () => {
  const t = setupTestApp('pglite', {
    config: {
      httpTimeouts: { headersSeconds: 1, requestSeconds: 2, idleSeconds: 3, keepAliveSeconds: 1 },
    },
  });

  async function port() {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  }

  it('closes a connection whose headers never end after the headers timeout', async () => {
    const held = await holdOpen(await port(), 'GET /api/v1/health HTTP/1.1\r\nHost: x\r\n');
    expect(held.answer).toMatch(/^HTTP\/1.1 408/);
    expect(held.openMs).toBeLessThan(4000);
  });

  it('closes a connection whose body never ends after the request timeout', async () => {
    const held = await holdOpen(
      await port(),
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n' +
        'content-length: 1000\r\n\r\n{"email":',
    );
    expect(held.openMs).toBeGreaterThan(1500);
    expect(held.openMs).toBeLessThan(5000);
  });

  it('closes a kept-alive connection after the keep-alive timeout', async () => {
    const held = await holdOpen(await port(), 'GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(held.answer).toMatch(/^HTTP\/1.1 200/);
    expect(held.openMs).toBeLessThan(4000);
  });
});
