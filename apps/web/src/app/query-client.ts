import { QueryClient } from '@tanstack/react-query';

/** The API client already retries (SPEC §9); a second retry layer would multiply the attempts. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
