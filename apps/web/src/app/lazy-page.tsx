import { lazy, Suspense, type ComponentType } from 'react';
import { PageSpinner } from '../components/ui/spinner';

/**
 * Every page is its own chunk (SPEC §2), shown with a spinner while it loads. `pick` names the
 * export, so feature files keep named exports.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return function LazyPage() {
    return (
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    );
  };
}
