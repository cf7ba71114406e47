import type { Theme } from '@rota/contracts';
import { readStorage, StorageKeys } from './storage';

export type { Theme };
export const THEMES = ['light', 'dark', 'system'] as const satisfies readonly Theme[];
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isTheme(value: unknown): value is Theme {
  return (THEMES as readonly unknown[]).includes(value);
}

/** No choice yet means "system": the OS already knows what the user likes. */
export function storedTheme(): Theme {
  const stored = readStorage(StorageKeys.theme);
  return isTheme(stored) ? stored : 'system';
}

// matchMedia is missing in some embedded browsers and in jsdom; treat that as "prefers light".
function darkQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

export function resolveTheme(theme: Theme): 'light' | 'dark' {
  if (theme !== 'system') return theme;
  return darkQuery()?.matches ? 'dark' : 'light';
}

/** Spec §4: dark adds the `dark` class to the page, light removes it, system follows the OS. */
export function applyTheme(theme: Theme): void {
  const resolved = resolveTheme(theme);
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved; // native scrollbars and form controls follow too
}

/** Calls back whenever the OS switches between light and dark. */
export function watchSystemTheme(onChange: () => void): () => void {
  const query = darkQuery();
  if (!query) return () => {};
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
