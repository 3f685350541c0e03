import { type ReactNode, createContext, use } from 'react';
import { type ApiClient, apiClient } from './client';

// Screens reach the API through this context so a test can hand them a client pointed at msw;
// the app itself uses the one shared client (and its single refresh-and-retry middleware).
const ApiContext = createContext<ApiClient>(apiClient);

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext value={client}>{children}</ApiContext>;
}

export function useApi(): ApiClient {
  return use(ApiContext);
}
