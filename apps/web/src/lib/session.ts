import { readStorage, removeStorage, StorageKeys, writeStorage } from './storage';

/**
 * The stored tokens, plus a tiny event channel: the API client changes the session on its own
 * (refresh, expiry) and the auth store, which lives in a feature, must hear about it without lib
 * importing the feature.
 */
export type SessionEvent =
  | { type: 'refreshed'; token: string }
  | { type: 'expired' }
  /** Someone signed in on this browser (form, registration or GitHub): a new session began. */
  | { type: 'signed-in' };
type Listener = (event: SessionEvent) => void;

const listeners = new Set<Listener>();

export function onSessionEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionEvent(event: SessionEvent): void {
  for (const listener of listeners) listener(event);
}

export const getToken = (): string | null => readStorage(StorageKeys.token);
export const getRefreshToken = (): string | null => readStorage(StorageKeys.refreshToken);

export function storeTokens(token: string, refreshToken?: string | null): void {
  writeStorage(StorageKeys.token, token);
  // Refresh tokens rotate: keep the newest, and never leave a stale one behind a fresh access token.
  if (refreshToken) writeStorage(StorageKeys.refreshToken, refreshToken);
}

export function clearTokens(): void {
  removeStorage(StorageKeys.token, StorageKeys.refreshToken);
}
