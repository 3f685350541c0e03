import { type RouterHistory, createRouter } from '@tanstack/react-router';
import type { RouterContext } from './router-context';
import { routeTree } from './routeTree.gen';
import { NotFoundPage } from './ui/not-found-page';
import { RouteError } from './ui/route-error';
import { PageSpinner } from './ui/spinner';

export interface CreateAppRouterOptions extends RouterContext {
  /** Tests pass a memory history; the app uses the browser's. */
  history?: RouterHistory;
  /**
   * Build-time rendering (src/prerender.tsx) must not write the scroll-restoring script into
   * the page: the browser's render has none (and the CSP would block it).
   */
  prerender?: boolean;
}

export function createAppRouter({
  queryClient,
  api,
  auth,
  history,
  prerender = false,
}: CreateAppRouterOptions) {
  return createRouter({
    routeTree,
    context: { queryClient, api, auth },
    history,
    defaultPreload: 'intent',
    // Query owns caching, so the router always asks it rather than keeping its own copy.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: PageSpinner,
    scrollRestoration: !prerender,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
