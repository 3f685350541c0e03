import type { QueryClient } from '@tanstack/react-query';
import type { Session } from './api/session';

// What every route's beforeLoad and loader receive: the query cache for ensureQueryData and
// the session for guards.
export interface RouterContext {
  queryClient: QueryClient;
  auth: Session;
}
