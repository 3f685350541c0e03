import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './api/client';
import type { Session } from './api/session';

// What every route's beforeLoad and loader receive: the API client and the query cache for
// `queryClient.ensureQueryData(someQueryOptions(api, ...))`, and the session for guards.
// Tests hand in a client pointed at msw; the app uses the one shared client.
export interface RouterContext {
  queryClient: QueryClient;
  api: ApiClient;
  auth: Session;
}
