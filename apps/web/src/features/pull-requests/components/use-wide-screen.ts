import { useSyncExternalStore } from 'react';

/** From this width the list is a table; below it (phones, small tablets) it is stacked cards. */
export const WIDE_SCREEN_QUERY = '(min-width: 1024px)';

const media = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_SCREEN_QUERY) : null;

function subscribe(onChange: () => void) {
  const query = media();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * One layout in the page at a time (not both hidden by CSS): screen readers and tests meet each
 * pull request once. Without matchMedia (old embedded browsers) the cards are shown; they fit any width.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
