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
import type { components } from '../../../../openapi/schema';
import { ApiProvider } from '../../../../src/api/api-context';
import { createApiClient } from '../../../../src/api/client';
import { listBridgesQueryOptions } from '../../../../src/api/queries/bridges';
import { MapLoading } from '../../../../src/features/map/map-loading';
import { MapFailed, MapPage, type MapPageProps } from '../../../../src/features/map/map-page';
import { warnCaughtError } from '../../../../src/caught-errors';
import { ToastProvider } from '../../../../src/ui/toast';
import { TEST_ORIGIN } from '../../../helpers/msw';

type Bridge = components['schemas']['Bridge'];

export function aBridge(overrides: Partial<Bridge> & Pick<Bridge, 'id' | 'name'>): Bridge {
  return {
    company_id: 1,
    location: 'Somewhere, Canada',
    construction_date: '1938-01-01',
    length_per_span: 100,
    location_on_map: null,
    latitude: null,
    longitude: null,
    structure_type: 'Suspension',
    status: 'Open',
    ...overrides,
  };
}

/**
 * The map screen with the providers the app gives it, on a small router whose other screens
 * just name themselves, so navigation from the map can be observed. The map's route waits for
 * the bridge list as the app's does.
 */
export function renderMap(props: Partial<MapPageProps> = {}) {
  const api = createApiClient({ baseUrl: TEST_ORIGIN, onAuthFailure: () => undefined });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const isStaff = props.isStaff ?? false;
  const pageProps: MapPageProps = {
    isStaff,
    manages: isStaff,
    settingsEntry: <button type="button">Settings</button>,
    ...props,
  };
  const rootRoute = createRootRoute({ component: Outlet });
  const screen = (path: string, title: string) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => <h1>{title}</h1> });
  const routeTree = rootRoute.addChildren([
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/map',
      // As the app's route (src/routes/_signed-in/map.tsx) waits, loads and fails.
      loader: () => queryClient.ensureQueryData(listBridgesQueryOptions(api)),
      pendingMs: 0,
      pendingMinMs: 0,
      pendingComponent: MapLoading,
      errorComponent: () => <MapFailed {...pageProps} />,
      component: () => <MapPage {...pageProps} />,
    }),
    screen('/dashboard', 'Bridge health'),
    screen('/bridges', 'Bridge Management'),
    screen('/users', 'User Management'),
  ]);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: ['/map'] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api}>
        <ToastProvider>
          <RouterProvider router={router as never} />
        </ToastProvider>
      </ApiProvider>
    </QueryClientProvider>,
    { onCaughtError: warnCaughtError },
  );
  return { ...view, router };
}
