import { cn } from '../../lib/cn';

/** A grey placeholder; hidden from assistive technology, which hears the busy region instead. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('block animate-pulse rounded-md bg-slate-200 dark:bg-slate-700', className)}
    />
  );
}
