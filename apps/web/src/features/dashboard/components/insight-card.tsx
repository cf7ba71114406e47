import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** A titled dashboard card (an h2 under the greeting's h1). */
export function InsightCard({
  id,
  title,
  icon,
  children,
  className,
}: {
  id: string;
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `dashboard-${id}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`dashboard-${id}`}
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      <h2
        id={headingId}
        className="flex items-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-400"
      >
        {icon && <span aria-hidden="true">{icon}</span>}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A list's empty text: quiet, not an error. */
export function QuietText({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400" data-testid={testId}>
      {children}
    </p>
  );
}

export const linkClasses =
  'rounded font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300 dark:focus-visible:outline-indigo-400';
