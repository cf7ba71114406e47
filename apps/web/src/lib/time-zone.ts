import { useSyncExternalStore } from 'react';
import { readStorage, removeStorage, StorageKeys, writeStorage } from './storage';

/**
 * The time zone every date and time is shown in: the one the user chose in their settings
 * (kept in this browser so the first paint already uses it), else the browser's own (undefined).
 */
function known(zone: string | null): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch (_error) {
    return undefined; // a zone this browser's Intl does not know: its own is the better guess
  }
}

let current = known(readStorage(StorageKeys.timeZone));
const listeners = new Set<() => void>();

/** The chosen time zone, or undefined for the browser's own. */
export const currentTimeZone = (): string | undefined => current;

/** The browser's own time zone (what "undefined" means), e.g. "Europe/Istanbul". */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Shows dates in `zone` from now on (null: the browser's own) and remembers it in this browser. */
export function setTimeZone(zone: string | null): void {
  const next = known(zone);
  if (next) writeStorage(StorageKeys.timeZone, next);
  else removeStorage(StorageKeys.timeZone);
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen time zone, re-rendering when it changes. */
export function useTimeZone(): string | undefined {
  return useSyncExternalStore(subscribe, currentTimeZone, currentTimeZone);
}
