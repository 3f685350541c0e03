import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

const SIXTY_MB = 60 * 1024 * 1024;

/**
 * Announces a 60 MB body (or `length` bytes), sends only its first 64 KiB and waits for the
 * answer: a server that reads the body before refusing would wait for the rest and the test
 * would time out.
 */
function announceHugeBody(
  port: number,
  path: string,
  headers: Record<string, string>,
  length = SIXTY_MB,
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { ...headers, 'content-length': String(length) },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    request.on('error', reject);
    request.write(Buffer.alloc(64 * 1024, 'a'));
  });
}

describe.each(drivers)('huge anonymous bodies on %s (issue 13)', (kind) => {
  const t = setupTestApp(kind);

  async function port() {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  }

  it.each([
    ['no credentials', {}],
    ['a revoked or made-up ingest token', { 'x-ingest-token': 'swi_not-a-real-token' }],
    ['an invalid bearer token', { authorization: 'Bearer not.a.jwt' }],
  ])('refuses an ingest body with %s with 401 before reading it', async (_what, headers) => {
    const answer = await announceHugeBody(await port(), '/api/v1/ingest', {
      'content-type': 'text/csv',
      ...headers,
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ detail: expect.any(String) });
  });

  it('refuses a CSV body to the contact form with 415 before reading it', async () => {
    const answer = await announceHugeBody(await port(), '/api/auth/contact/', {
      'content-type': 'text/csv',
    });
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body)).toEqual({
      detail: 'content-type: text/csv is not accepted here; send application/json',
    });
  });

  it('refuses a huge JSON body to the contact form with 413 before reading it all', async () => {
    const answer = await announceHugeBody(await port(), '/api/auth/contact/', {
      'content-type': 'application/json',
    });
    expect(answer.status).toBe(413);
  });
});

describe.each(drivers)('bodies sent without signing in on %s (issue 37, finding 14)', (kind) => {
  const t = setupTestApp(kind);
  const ALMOST_A_MEGABYTE = 1000 * 1000;

  async function port() {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  }

  it.each([
    ['no credentials', {}],
    ['an invalid bearer token', { authorization: 'Bearer not.a.jwt' }],
  ])('refuses a signed-in body with %s with 401 before reading it', async (_what, headers) => {
    const answer = await announceHugeBody(
      await port(),
      '/api/v1/bridges/create',
      { 'content-type': 'application/json', ...headers },
      ALMOST_A_MEGABYTE,
    );
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ detail: expect.any(String) });
  });

  it('refuses a sign-in body over 64 KiB with 413 before reading it', async () => {
    const answer = await announceHugeBody(
      await port(),
      '/api/v1/auth/login',
      { 'content-type': 'application/json' },
      ALMOST_A_MEGABYTE,
    );
    expect(answer.status).toBe(413);
  });

  it('still signs in and creates with small bodies', async () => {
    const user = await t.createUser({ staff: true });
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/bridges/create',
      token: user.token,
      body: {
        name: 'Small Body Bridge',
        location: 'Here',
        construction_date: '1990-01-01',
        latitude: 45,
        longitude: -75,
      },
    });
    expect(created.status).toBe(201);
  });
});
