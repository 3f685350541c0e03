import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ApiProvider } from './api/api-context';
import type { Session } from './api/session';
import { SessionProvider } from './api/session-context';
import type { createAppRouter } from './router';
import { ToastProvider } from './ui/toast';

export interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
  session: Session;
}

export function App({ router, queryClient, session }: AppProps) {
  // One client for loaders and components alike: the one the router was given.
  const { api } = router.options.context;
  return (
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api}>
        <SessionProvider session={session}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </SessionProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
}
