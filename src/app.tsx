import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ApiProvider } from './api/api-context';
import { type ApiClient, apiClient } from './api/client';
import type { Session } from './api/session';
import { SessionProvider } from './api/session-context';
import type { createAppRouter } from './router';
import { ToastProvider } from './ui/toast';

export interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
  session: Session;
  /** Tests pass a client pointed at msw; the app uses the one shared client. */
  api?: ApiClient;
}

export function App({ router, queryClient, session, api = apiClient }: AppProps) {
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
