import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

// The origin the web tests talk to; Node's fetch needs absolute URLs.
export const TEST_ORIGIN = 'http://localhost';

export function apiUrl(path: string): string {
  return `${TEST_ORIGIN}${path}`;
}

/**
 * What every signed-in screen asks besides its own data: the top bar's bell (nothing unread).
 * Initial handlers, so they outlive `resetHandlers`; a test's own `server.use` overrides them.
 */
const everyScreen = [
  http.get(apiUrl('/api/v1/notifications/unread-count'), () => HttpResponse.json({ unread: 0 })),
  http.get(apiUrl('/api/v1/notifications'), () =>
    HttpResponse.json({ items: [], next_before: null }),
  ),
];

/** One msw server per test file; any request without a handler fails the test. */
export function setupMswServer() {
  const server = setupServer(...everyScreen);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
