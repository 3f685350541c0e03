import { HeadContent, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../router-context';
import { headTitle } from '../ui/document-title';
import { NotFoundPage } from '../ui/not-found-page';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => headTitle(),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <>
      <HeadContent />
      <Outlet />
    </>
  );
}
