/**
 * jsdom has no matchMedia. This fake lets a test say what the OS prefers and flip it live,
 * firing the change listeners the way a browser does.
 */
export interface FakeMediaQuery {
  setMatches: (matches: boolean) => void;
}

export function installMatchMedia(initiallyDark = false): FakeMediaQuery {
  let matches = initiallyDark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = '(prefers-color-scheme: dark)';

  window.matchMedia = (media: string) =>
    ({
      get matches() {
        return media === query ? matches : false;
      },
      media,
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.delete(listener),
      addListener: (listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeListener: (listener: (event: MediaQueryListEvent) => void) =>
        listeners.delete(listener),
      dispatchEvent: () => true,
    }) as unknown as MediaQueryList;

  return {
    setMatches(next) {
      matches = next;
      for (const listener of listeners)
        listener({ matches: next, media: query } as MediaQueryListEvent);
    },
  };
}
