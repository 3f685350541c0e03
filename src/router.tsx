import { type RouterHistory, createRouter } from '@tanstack/react-router';
import type { RouterContext } from './router-context';
import { routeTree } from './routeTree.gen';
import { NotFoundPage } from './ui/not-found-page';
import { RouteError } from './ui/route-error';
import { PageSpinner } from './ui/spinner';

export interface CreateAppRouterOptions extends RouterContext {
  /** Tests pass a memory history; the app uses the browser's. */
  history?: RouterHistory;
}

export function createAppRouter({ queryClient, auth, history }: CreateAppRouterOptions) {
  return createRouter({
    routeTree,
    context: { queryClient, auth },
    history,
    defaultPreload: 'intent',
    // Query owns caching, so the router always asks it rather than keeping its own copy.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: PageSpinner,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
