import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

export interface ErrorStateProps {
  /** What failed, e.g. "Failed to fetch projects"; the message then says why. */
  title?: string | undefined;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed load, said plainly, with a way to try again. */
export function ErrorState({ title, message, onRetry, retrying = false }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950"
    >
      {title && (
        <p className="flex items-center gap-2 text-sm font-semibold text-red-800 dark:text-red-200">
          <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
          {title}
        </p>
      )}
      <p className="flex items-center gap-2 text-sm text-red-800 dark:text-red-200">
        {!title && <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />}
        {message}
      </p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry} disabled={retrying}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
