import { AuthProvidersResponseSchema, type AuthProvidersResponse } from '@rota/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/auth/providers: which sign-in methods this server offers. */
export function fetchAuthProviders(): Promise<AuthProvidersResponse> {
  return apiRequest({ method: 'GET', url: '/api/auth/providers' }, AuthProvidersResponseSchema);
}

export const authProvidersQuery = {
  queryKey: ['auth', 'providers'] as const,
  queryFn: fetchAuthProviders,
  staleTime: 5 * 60_000,
};

export function useAuthProviders() {
  return useQuery(authProvidersQuery);
}
