import { QueryClient } from '@tanstack/react-query';

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // One quiet retry covers a dropped connection; more only delays the error message.
        retry: 1,
      },
    },
  });
}
