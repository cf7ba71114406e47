import { useSyncExternalStore } from 'react';

const read = () => document.documentElement.classList.contains('dark');

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** Whether the page is dark right now: the `dark` class on <html>, whatever set it (choice or OS). */
export function useDarkMode(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
