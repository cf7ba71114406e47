import { useEffect } from 'react';

/** "<page> · <project> · Rota": the most particular part first, so a tab strip shows what differs. */
export function documentTitle(parts: ReadonlyArray<string | null | undefined>): string {
  return [...parts.filter((part): part is string => Boolean(part?.trim())), 'Rota'].join(' · ');
}

/**
 * Names the browser tab (and the history entry, and what a screen reader announces on a route
 * change) after the page, in the page's language: the one place a page sets `document.title`.
 * `null` leaves the title to a part of the page that knows more (a project page still loading
 * names itself once its project has arrived).
 */
export function useDocumentTitle(parts: ReadonlyArray<string | null | undefined> | null): void {
  const title = parts ? documentTitle(parts) : null;
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}
