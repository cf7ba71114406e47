/** Browser storage keys. The first four are fixed by spec §9; e2e and the theme script read them. */
export const StorageKeys = {
  token: 'token',
  refreshToken: 'refreshToken',
  user: 'user',
  theme: 'theme',
  language: 'language',
  /** The time zone chosen in the settings; absent for the browser's own (lib/time-zone). */
  timeZone: 'timeZone',
} as const;

export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];

// Storage can throw (privacy modes, quota); the app must keep working in memory when it does.
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch (_error) {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (_error) {
    // Not persisting is acceptable; the in-memory state still holds the value.
  }
}

export function removeStorage(...keys: StorageKey[]): void {
  try {
    for (const key of keys) window.localStorage.removeItem(key);
  } catch (_error) {
    // Nothing stored that we could remove.
  }
}

/** Logout clears everything the app ever stored (spec §2), not only the session keys. */
export function clearStorage(): void {
  try {
    window.localStorage.clear();
  } catch (_error) {
    // Nothing to clear.
  }
}
