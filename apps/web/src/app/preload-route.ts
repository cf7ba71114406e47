import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { PublicOnly, RequireAuth } from './require-auth';

const preloadOf = (element: RouteObject['element']) => {
  if (!isValidElement(element)) return undefined;
  const { preload } = element.type as { preload?: unknown };
  return typeof preload === 'function' ? (preload as () => Promise<void>) : undefined;
};

/**
 * Starts fetching every lazy chunk the route table will render for `pathname` (the signed-in
 * query scope, the shell, the page), all at once and before the first render, which otherwise
 * discovers them one after another: the catalogue, then each chunk once its parent has rendered
 * (issue 10 §5, four round trips on a phone). A path the guards would redirect is left alone, so a
 * visitor without a session fetches only the login page's chunks. Settles when every one of them
 * has loaded or failed (never rejects): rendering then shows the whole page in one commit.
 */
export async function preloadRoute(
  routes: RouteObject[],
  pathname: string,
  signedIn: boolean,
): Promise<void> {
  const branch = matchRoutes(routes, pathname) ?? [];
  const guard = isValidElement(branch[0]?.route.element) ? branch[0].route.element.type : null;
  if ((guard === RequireAuth && !signedIn) || (guard === PublicOnly && signedIn)) return;
  await Promise.all(branch.map(({ route }) => preloadOf(route.element)?.()));
}
