import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

/** The Rota mark and word; the same mark as public/favicon.svg. */
export function Logo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4338ca" />
        <path
          d="M9 23V9h7.5a4.5 4.5 0 0 1 1.2 8.84L22.5 23h-3.9l-4.2-5H12.6v5zm3.6-8h3.6a1.5 1.5 0 0 0 0-3h-3.6z"
          fill="#fff"
        />
      </svg>
      <span className="text-xl font-bold tracking-tight text-slate-900 dark:text-white">
        {t('app.name')}
      </span>
    </span>
  );
}
