import { lazy, Suspense, type ComponentType } from 'react';
import { PageSpinner } from '../components/ui/spinner';

/** A lazily loaded page that can also be fetched ahead of its first render. */
export type LazyPageComponent = ComponentType & { preload: () => void };

/**
 * Every page is its own chunk (SPEC §2), shown with a spinner while it loads. `pick` names the
 * export, so feature files keep named exports. `preload` starts the same import early (see
 * `preload-route.ts`); the browser hands the render the module it already fetched or is fetching.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyPageComponent {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  function LazyPage() {
    return (
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    );
  }
  // A failed early fetch is not reported here: the render's own import retries it and, failing
  // again, shows the route's error (RouteBoundary), which is where the visitor needs to hear it.
  LazyPage.preload = () => void load().catch(() => undefined);
  return LazyPage;
}
