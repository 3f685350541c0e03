import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

import { ApiProvider } from '../../../../src/api/api-context';
import { type ApiClient, createApiClient } from '../../../../src/api/client';
import { type Session, createSession } from '../../../../src/api/session';
import { SessionProvider } from '../../../../src/api/session-context';
import { warnCaughtError } from '../../../../src/caught-errors';
import { ToastProvider } from '../../../../src/ui/toast';
import { TEST_ORIGIN } from '../../../helpers/msw';

/**
 * One screen with the providers the app gives it (query cache, API client pointed at msw,
 * toasts) on a small router, so its links work and '/map' can be reached.
 */
export function testApiClient(): ApiClient {
  return createApiClient({ baseUrl: TEST_ORIGIN, onAuthFailure: () => undefined });
}

export function renderPage(
  Page: () => ReactNode,
  {
    api = testApiClient(),
    session = createSession(api),
    errorComponent,
  }: {
    api?: ApiClient;
    session?: Session;
    /** The page route's errorComponent, shown when the page's data fails to load. */
    errorComponent?: () => ReactNode;
  } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const rootRoute = createRootRoute({ component: Outlet });
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/', component: Page, errorComponent }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/map',
      component: () => <h1>Bridge map</h1>,
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/login',
      component: () => <h1>Welcome to SpanWatch</h1>,
    }),
  ]);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api}>
        <SessionProvider session={session}>
          <ToastProvider>
            <RouterProvider router={router as never} />
          </ToastProvider>
        </SessionProvider>
      </ApiProvider>
    </QueryClientProvider>,
    { onCaughtError: warnCaughtError },
  );
  return { ...view, router, queryClient };
}
