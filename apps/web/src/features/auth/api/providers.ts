import type { AuthProvidersResponse } from '@rota/contracts';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The answer's shape, checked by hand: the login page asks for it as it renders, and zod would
 * be its largest library (the login page's budget). It accepts exactly what contracts'
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

/** How long an answer is reused: moving between login and register asks once. */
const FRESH_MS = 5 * 60_000;

let cached: { at: number; answer: Promise<AuthProvidersResponse> } | null = null;

function loadAuthProviders(now = Date.now()): Promise<AuthProvidersResponse> {
  if (!cached || now - cached.at > FRESH_MS) {
    const answer = fetchAuthProviders();
    cached = { at: now, answer };
    // A failure is not kept: the next page that asks tries again.
    answer.catch(() => {
      if (cached?.answer === answer) cached = null;
    });
  }
  return cached.answer;
}

/** Forgets the stored answer (tests, where each case sets its own server). */
export function forgetAuthProviders(): void {
  cached = null;
}

interface AuthProvidersState {
  data: AuthProvidersResponse | undefined;
  isPending: boolean;
}

/**
 * The sign-in pages' one server read, without TanStack Query: Query stays off their first load
 * (the login page's budget) and lives with the signed-in pages (app/query-scope.tsx).
 */
export function useAuthProviders(): AuthProvidersState {
  const [state, setState] = useState<AuthProvidersState>({ data: undefined, isPending: true });
  useEffect(() => {
    let live = true;
    loadAuthProviders().then(
      (data) => live && setState({ data, isPending: false }),
      () => live && setState({ data: undefined, isPending: false }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
