import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { LazyPageComponent } from './lazy-page';
import { PublicOnly, RequireAuth } from './require-auth';

const lazyPageOf = (element: RouteObject['element']) => {
  if (!isValidElement(element)) return undefined;
  const page = element.type as Partial<LazyPageComponent>;
  return typeof page.preload === 'function' && typeof page.prefetch === 'function'
    ? (page as LazyPageComponent)
    : undefined;
};

/**
 * How long the first render waits for the page's data once its code is in. Usually the data is
 * there first (asked for before the code, `early-requests.ts`); on a slow answer the page renders
 * without it, shows its loading state, and the queries carry on.
 */
export const PREFETCH_WAIT_MS = 1_000;

/**
 * Starts fetching every lazy chunk the route table will render for `pathname` (the signed-in
 * query scope, the shell, the page), all at once and before the first render, which otherwise
 * discovers them one after another: the catalogue, then each chunk once its parent has rendered
 * (four round trips on a phone). A path the guards would redirect is left alone, so a
 * visitor without a session fetches only the login page's chunks. Settles when every one of them
 * has loaded or failed (never rejects): rendering then shows the whole page in one commit.
 *
 * Signed in, it then fetches the data the page's first render reads (each page's `prefetch`) into
 * the query client that render will use, waiting at most PREFETCH_WAIT_MS: the first commit is
 * then the page with its data. Otherwise each answer arrives as a re-render of its own, and
 * TanStack Query's updates (through useSyncExternalStore) are never time-sliced: on the report
 * they were 72 and 39 ms tasks on Lighthouse's phone.
 */
export async function preloadRoute(
  routes: RouteObject[],
  pathname: string,
  signedIn: boolean,
  search = '',
): Promise<void> {
  const branch = matchRoutes(routes, pathname) ?? [];
  const guard = isValidElement(branch[0]?.route.element) ? branch[0].route.element.type : null;
  if ((guard === RequireAuth && !signedIn) || (guard === PublicOnly && signedIn)) return;
  const pages = branch.flatMap(({ route, params }) => {
    const page = lazyPageOf(route.element);
    return page ? [{ page, params }] : [];
  });
  await Promise.all(pages.map(({ page }) => page.preload()));
  if (!signedIn) return;
  const prefetches = pages.flatMap(({ page, params }) => {
    const prefetch = page.prefetch();
    return prefetch ? [{ prefetch, params }] : [];
  });
  if (prefetches.length === 0) return;
  // In the query scope's chunk, which the signed-in branch has just loaded: no request of its own.
  const { preparedQueryClient } = await import('./query-client');
  const client = preparedQueryClient();
  const query = new URLSearchParams(search);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(prefetches.map(({ prefetch, params }) => prefetch(client, params, query))),
    new Promise((resolve) => (timer = setTimeout(resolve, PREFETCH_WAIT_MS))),
  ]);
  clearTimeout(timer);
}
