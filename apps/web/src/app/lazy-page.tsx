import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { PageSpinner } from '../components/ui/spinner';

/**
 * Fetches into `client` the queries a page's first render reads (the same query options the page
 * uses), so that render has its data: see `preload-route.ts`. Never rejects (prefetchQuery doesn't).
 */
export type PagePrefetch = (
  client: QueryClient,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
) => Promise<unknown>;

/** A lazily loaded page that can also be fetched ahead of its first render. */
export type LazyPageComponent = ComponentType & {
  /** Starts the page's import; settles once it is loaded (or has failed, quietly). */
  preload: () => Promise<void>;
  /** The page's own data prefetch, once its module has loaded (none for most pages). */
  prefetch: () => PagePrefetch | undefined;
};

/**
 * Every page is its own chunk (spec §2), shown with a spinner while it loads. `pick` names the
 * export, so feature files keep named exports. `preload` starts the same import early (see
 * `preload-route.ts`).
 *
 * A page whose chunk is already loaded when it mounts renders at once, without `lazy`/`Suspense`:
 * React would otherwise suspend on it once anyway (a lazy component is only read after a
 * microtask), paint the spinner, and then hold the page back for its Suspense reveal throttle
 * (300 ms) — one such step per nesting level (query scope, shell, page). The choice is made once per
 * mount, so an instance never switches between the two trees (which would remount the page).
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  pickPrefetch?: (module: M) => PagePrefetch,
): LazyPageComponent {
  let loaded: ComponentType | undefined;
  let prefetch: PagePrefetch | undefined;
  let loading: Promise<ComponentType> | undefined;
  const importPage = () =>
    (loading ??= load().then(
      (module) => {
        prefetch = pickPrefetch?.(module);
        return (loaded = pick(module));
      },
      (error: unknown) => {
        loading = undefined; // the next render or preload tries again
        throw error;
      },
    ));
  const Page = lazy(async () => ({ default: await importPage() }));
  function LazyPage() {
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready />;
    return (
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    );
  }
  // A failed early fetch is not reported here: the render's own import retries it and, failing
  // again, shows the route's error (RouteBoundary), which is where the visitor needs to hear it.
  LazyPage.preload = () =>
    importPage().then(
      () => undefined,
      () => undefined,
    );
  LazyPage.prefetch = () => prefetch;
  return LazyPage;
}
