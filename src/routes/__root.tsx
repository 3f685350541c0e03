import { HeadContent, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../router-context';
import { headTitle } from '../ui/document-title';
import { AppNotFound } from './-not-found';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => headTitle(),
  component: RootLayout,
  notFoundComponent: AppNotFound,
});

function RootLayout() {
  return (
    <>
      <HeadContent />
      <Outlet />
    </>
  );
}
