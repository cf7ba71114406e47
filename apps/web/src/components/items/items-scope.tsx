import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import type { ItemsScope } from './items-api';
import { ItemsDialog } from './items-dialog';
import { itemNoun } from './item-metrics';
import './i18n';

const ScopeContext = createContext<ItemsScope | null>(null);

/** Figures inside open their lists from this project's (or the dashboard's) items. */
export function ItemsScopeProvider({
  scope,
  children,
}: {
  scope: ItemsScope;
  children: ReactNode;
}) {
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

export const useItemsScope = () => useContext(ScopeContext);

/**
 * A figure that opens the list of the items behind it. Named for assistive technology by the
 * figure's label and count ("Time to merge: show the 12 pull requests"). Outside a scope, or for
 * a count of zero, it is the plain figure.
 */
export function ItemsButton({
  metric,
  label,
  count,
  children,
  className,
  hidden = false,
  testId,
}: {
  metric: string;
  label: string;
  /** The figure's count, when it has one (a median does not say how many it measured). */
  count?: number | null | undefined;
  children: ReactNode;
  className?: string;
  /** Drawn inside a chart hidden from assistive technology: clickable, not in the tab order. */
  hidden?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const scope = useItemsScope();
  const [open, setOpen] = useState(false);
  // Nothing stands behind a zero: it stays a plain figure.
  if (!scope || count === 0) return <>{children}</>;
  const noun = itemNoun(metric);
  const name =
    typeof count === 'number'
      ? t(`items.show.${noun}`, { label, count })
      : t(`items.showAll.${noun}`, { label });
  return (
    <>
      <button
        type="button"
        aria-label={name}
        title={name}
        data-testid={testId}
        {...(hidden ? { tabIndex: -1 } : {})}
        onClick={() => setOpen(true)}
        className={cn(
          'cursor-pointer rounded text-left underline decoration-slate-400 decoration-dotted underline-offset-4 hover:decoration-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:decoration-slate-500',
          className,
        )}
      >
        {children}
      </button>
      {open && (
        <ItemsDialog
          scope={scope}
          metric={metric}
          label={label}
          open={open}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
