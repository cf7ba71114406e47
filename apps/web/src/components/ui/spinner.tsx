import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <svg
        className="size-6 animate-spin text-indigo-600 dark:text-indigo-400"
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" />
      </svg>
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </span>
  );
}

/** The fallback while a lazily loaded page arrives (spec §2). */
export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] flex-1 items-center justify-center">
      <Spinner />
    </div>
  );
}
