import { FallbackMessages, type LoginBody, type RegisterBody } from '@rota/contracts';
import { create } from 'zustand';
import { ClientErrorCodes, toApiError, type ApiError } from '../../lib/api-error';
import {
  clearTokens,
  emitSessionEvent,
  getRefreshToken,
  getToken,
  onSessionEvent,
  storeTokens,
} from '../../lib/session';
import {
  clearStorage,
  readStorage,
  removeStorage,
  StorageKeys,
  writeStorage,
} from '../../lib/storage';
import { isStoredUser } from './stored-user';
import type { AuthSession, AuthUser } from './types';

// The requests, and the zod schemas that check their answers, load when first used: the sign-in
// pages' first load stays small (the login page's budget).
const loginRequest = async (body: LoginBody) => (await import('./api/login')).loginRequest(body);
const registerRequest = async (body: RegisterBody) =>
  (await import('./api/register')).registerRequest(body);
const logoutRequest = async (refreshToken: string | null) =>
  (await import('./api/logout')).logoutRequest(refreshToken);
const verifyRequest = async () => (await import('./api/verify')).verifyRequest();

export type AuthResult = { ok: true; user: AuthUser } | { ok: false; error: ApiError };

/** Spec §4 auth state. */
export interface AuthState {
  isAuthenticated: boolean;
  user: AuthUser | null;
  token: string | null;
  loading: boolean;
  error: string | null;
  login: (body: LoginBody) => Promise<AuthResult>;
  register: (body: RegisterBody) => Promise<AuthResult>;
  logout: () => Promise<void>;
  verify: () => Promise<boolean>;
  /** The signed-in user changed elsewhere in the app (their profile was saved). */
  updateUser: (user: AuthUser) => void;
  clearError: () => void;
}

function storedUser(): AuthUser | null {
  const raw = readStorage(StorageKeys.user);
  if (!raw) return null;
  try {
    const user: unknown = JSON.parse(raw);
    return isStoredUser(user) ? user : null;
  } catch (_error) {
    return null;
  }
}

const signedOut = { isAuthenticated: false, user: null, token: null, loading: false } as const;

function forgetSession(): void {
  clearTokens();
  removeStorage(StorageKeys.user);
}

/** The server's message when it gave one; the spec §4 fallback when there was nothing to say. */
function failureMessage(error: ApiError, fallback: string): string {
  const saidNothing =
    error.code === ClientErrorCodes.unknown || error.code === ClientErrorCodes.invalidResponse;
  return saidNothing || !error.message ? fallback : error.message;
}

export const useAuthStore = create<AuthState>()((set) => {
  async function signIn(
    request: () => Promise<AuthSession>,
    fallback: string,
  ): Promise<AuthResult> {
    set({ loading: true, error: null });
    try {
      const session = await request();
      storeTokens(session.token, session.refreshToken);
      writeStorage(StorageKeys.user, JSON.stringify(session.user));
      set({
        isAuthenticated: true,
        user: session.user,
        token: session.token,
        loading: false,
        error: null,
      });
      emitSessionEvent({ type: 'signed-in' });
      return { ok: true, user: session.user };
    } catch (caught) {
      const error = toApiError(caught);
      forgetSession();
      set({ ...signedOut, error: failureMessage(error, fallback) });
      return { ok: false, error };
    }
  }

  const token = getToken();
  return {
    isAuthenticated: token !== null,
    user: token ? storedUser() : null,
    token,
    loading: false,
    error: null,

    login: (body) => signIn(() => loginRequest(body), FallbackMessages.loginFailed),
    register: (body) => signIn(() => registerRequest(body), FallbackMessages.registrationFailed),

    logout: async () => {
      const refreshToken = getRefreshToken();
      try {
        if (refreshToken || getToken()) await logoutRequest(refreshToken);
      } catch (_error) {
        // The server may be down or the token already dead; signing out locally is what matters.
      } finally {
        clearStorage(); // Spec §2: logout clears all local storage
        set({ ...signedOut, error: null });
      }
    },

    verify: async () => {
      if (!getToken()) {
        set({ ...signedOut });
        return false;
      }
      set({ loading: true });
      try {
        const user = await verifyRequest();
        writeStorage(StorageKeys.user, JSON.stringify(user));
        set({ isAuthenticated: true, user, token: getToken(), loading: false, error: null });
        return true;
      } catch (caught) {
        const error = toApiError(caught);
        // Unreachable server is not a verdict on the token: keep the session and let later
        // calls decide, rather than signing users out on every network blip.
        if (error.code === ClientErrorCodes.network) {
          set({ loading: false });
          return false;
        }
        forgetSession();
        set({ ...signedOut, error: FallbackMessages.invalidToken });
        return false;
      }
    },

    updateUser: (user) => {
      writeStorage(StorageKeys.user, JSON.stringify(user));
      set({ user });
    },

    clearError: () => set({ error: null }),
  };
});

// The API client refreshes and expires sessions on its own; mirror that here.
onSessionEvent((event) => {
  if (event.type === 'refreshed') {
    useAuthStore.setState({ token: event.token, isAuthenticated: true });
  } else if (event.type === 'expired') {
    removeStorage(StorageKeys.user);
    useAuthStore.setState({ ...signedOut });
  }
});
