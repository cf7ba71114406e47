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

/**
 * The client a signed-in visitor's first render will use, made before that render so the page's
 * data can be fetched into it first (`preload-route.ts`). QueryScope adopts it on mount and lets it
 * go when it unmounts (signing out), so the next account starts with a client of its own.
 */
let prepared: QueryClient | undefined;

export function preparedQueryClient(): QueryClient {
  return (prepared ??= createQueryClient());
}

/** QueryScope's client: the prepared one when there is one, otherwise a new one. */
export function adoptQueryClient(): QueryClient {
  return prepared ?? createQueryClient();
}

/** Called when the scope that adopted `client` goes away: a later scope gets a new client. */
export function releaseQueryClient(client: QueryClient): void {
  if (prepared === client) prepared = undefined;
}
