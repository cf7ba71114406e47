import type { FieldValues, Resolver } from 'react-hook-form';

export interface LazyResolver<TValues extends FieldValues, TOutput> {
  resolver: Resolver<TValues, unknown, TOutput>;
  /** Starts loading ahead of the first submit, e.g. when the visitor enters the form. */
  preload: () => void;
}

/**
 * A form resolver that loads the real one when the visitor enters the form (or at the latest on
 * its first validation), so zod and the form's schema stay off the sign-in pages' first load
 * (issue 10 §5 budget). A failed load is forgotten, so the next attempt tries again.
 */
export function lazyResolver<TValues extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TValues, unknown, TOutput>>,
): LazyResolver<TValues, TOutput> {
  let loading: Promise<Resolver<TValues, unknown, TOutput>> | undefined;
  const start = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    resolver: async (values, context, options) => (await start())(values, context, options),
    preload: () => void start().catch(() => undefined),
  };
}
