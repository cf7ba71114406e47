import { QueryClient } from '@tanstack/react-query';
import { getToken } from '../lib/session';

/** The API client already retries (spec §9); a second retry layer would multiply the attempts. */
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
 * go when it unmounts (signing out), so the next account starts with a client of its own. It
 * belongs to the session it was made under: should that session end before any scope adopted it
 * (a token refused while the data was being fetched, the visitor sent to sign in), the account
 * that signs in next never inherits what was fetched for the one before.
 */
let prepared: { client: QueryClient; token: string | null } | undefined;

export function preparedQueryClient(): QueryClient {
  prepared ??= { client: createQueryClient(), token: getToken() };
  return prepared.client;
}

/** QueryScope's client: the prepared one when it was made for this session, otherwise a new one. */
export function adoptQueryClient(): QueryClient {
  if (prepared && prepared.token !== getToken()) prepared = undefined;
  return prepared?.client ?? createQueryClient();
}

/** Called when the scope that adopted `client` goes away: a later scope gets a new client. */
export function releaseQueryClient(client: QueryClient): void {
  if (prepared?.client === client) prepared = undefined;
}
