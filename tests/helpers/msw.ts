import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

// The origin the web tests talk to; Node's fetch needs absolute URLs.
export const TEST_ORIGIN = 'http://localhost';

export function apiUrl(path: string): string {
  return `${TEST_ORIGIN}${path}`;
}

/** One msw server per test file; any request without a handler fails the test. */
export function setupMswServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
