import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createApiClient } from '../../src/api/client';
import { type Session, createSession } from '../../src/api/session';
import { App } from '../../src/app';
import { warnCaughtError } from '../../src/caught-errors';
import { createAppRouter } from '../../src/router';
import { TEST_ORIGIN } from './msw';

export interface RenderAppOptions {
  onAuthFailure?: (reason: Error) => void;
}

/**
 * The whole SPA at `path`, as main.tsx assembles it, but on a memory history and an API client
 * pointed at msw. The stored-token check runs first, as it does in the browser.
 */
export async function renderApp(path: string, options: RenderAppOptions = {}) {
  const api = createApiClient({
    baseUrl: TEST_ORIGIN,
    onAuthFailure: options.onAuthFailure ?? (() => undefined),
  });
  const session: Session = createSession(api);
  await session.restore();

  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, api, auth: session, history });
  const view = render(<App router={router} queryClient={queryClient} session={session} />, {
    onCaughtError: warnCaughtError,
  });
  return { ...view, router, session };
}
