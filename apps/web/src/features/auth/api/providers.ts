import type { AuthProvidersResponse } from '@rota/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The answer's shape, checked by hand: the login page asks for it as it renders, and zod would
 * be its largest library (issue 10 §5 budget). It accepts exactly what contracts'
 * AuthProvidersResponseSchema accepts (providers.test.ts holds the two side by side).
 */
export function isAuthProvidersResponse(value: unknown): value is AuthProvidersResponse {
  if (!isRecord(value) || !isRecord(value.password) || !isRecord(value.github)) return false;
  const { github } = value;
  return (
    value.password.enabled === true &&
    typeof github.enabled === 'boolean' &&
    (github.reason === null || github.reason === 'not_configured')
  );
}

/** GET /api/auth/providers: which sign-in methods this server offers. */
export function fetchAuthProviders(): Promise<AuthProvidersResponse> {
  return apiRequest({ method: 'GET', url: '/api/auth/providers' }, isAuthProvidersResponse);
}

export const authProvidersQuery = {
  queryKey: ['auth', 'providers'] as const,
  queryFn: fetchAuthProviders,
  staleTime: 5 * 60_000,
};

export function useAuthProviders() {
  return useQuery(authProvidersQuery);
}
