import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { LOGO_CLASSES, LOGO_MARK_COLOR, LOGO_MARK_PATH, LOGO_WORD_CLASSES } from './logo-parts';

/** The Rota mark and word; the same mark as public/favicon.svg. */
export function Logo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn(LOGO_CLASSES, className)}>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill={LOGO_MARK_COLOR} />
        <path d={LOGO_MARK_PATH} fill="#fff" />
      </svg>
      <span className={LOGO_WORD_CLASSES}>{t('app.name')}</span>
    </span>
  );
}
