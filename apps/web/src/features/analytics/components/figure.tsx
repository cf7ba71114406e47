import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemsButton } from '../../../components/items/items-scope';
import { cn } from '../../../lib/cn';
import type { MissingReason } from '../model/missing-reason';

/** "Not measured", and why: a null figure is never shown as a zero. */
export function NotMeasured({ reason }: { reason?: MissingReason | undefined }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-col" data-testid="not-measured">
      <span className="text-base font-medium text-slate-600 dark:text-slate-400">
        {t('analytics.notMeasured')}
      </span>
      {reason && (
        <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
          {t(`analytics.reason.${reason}`)}
        </span>
      )}
    </span>
  );
}

/**
 * A labelled figure in a `<dl>`: the label reads first for screen readers, the value stands out
 * to the eye. A null value reads "not measured" with its reason. With a `metric`, the value opens
 * the list of the items behind it (docs/web-pages.md "Down to the items").
 */
export function Figure({
  label,
  value,
  hint,
  reason,
  testId,
  className,
  metric,
  count,
}: {
  label: string;
  value: ReactNode | null;
  hint?: ReactNode;
  reason?: MissingReason | undefined;
  testId?: string;
  className?: string;
  /** The items list this figure opens (contracts' ANALYTICS_ITEM_METRICS or a dashboard one). */
  metric?: string;
  /** How many items the list holds, for the button's name. */
  count?: number | null;
}) {
  return (
    <div
      className={cn(
        'flex min-w-0 flex-col gap-1 rounded-lg border border-slate-200 p-3 dark:border-slate-800',
        className,
      )}
      data-testid={testId}
    >
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-xl font-semibold wrap-anywhere tabular-nums">
        {value === null ? (
          <NotMeasured reason={reason} />
        ) : metric ? (
          <ItemsButton metric={metric} label={label} count={count}>
            {value}
          </ItemsButton>
        ) : (
          value
        )}
      </dd>
      {hint && <dd className="text-xs text-slate-600 dark:text-slate-400">{hint}</dd>}
    </div>
  );
}

/** A titled section of the tab (an h2 under the project's h1). */
export function Section({
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
  const headingId = `analytics-${id}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`analytics-${id}`}
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
