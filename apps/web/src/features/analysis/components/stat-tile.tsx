import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { useHeadingTags, useScopedId } from './id-scope';

/** A labelled figure: the label reads first for screen readers, the figure stands out to the eye. */
export function StatTile({
  label,
  value,
  hint,
  className,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
      data-testid={testId}
    >
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
      {hint && <dd className="text-xs text-slate-600 dark:text-slate-400">{hint}</dd>}
    </div>
  );
}

/** A titled card section (an h2 in a tab, deeper in the report), used by every analysis view. */
export function SectionCard({
  id,
  title,
  actions,
  children,
  className,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useScopedId(id);
  const Title = useHeadingTags().title;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Title id={headingId} className="text-lg font-semibold">
          {title}
        </Title>
        {actions}
      </div>
      {children}
    </section>
  );
}
