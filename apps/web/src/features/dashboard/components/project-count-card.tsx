import { FolderKanban } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toApiError } from '../../../lib/api-error';
import { translateError } from '../../../lib/error-text';
import { useProjectCount } from '../api/get-project-count';

export function ProjectCountCard() {
  const { t } = useTranslation();
  const { data: count, isPending, isError, error, refetch, isFetching } = useProjectCount();

  return (
    <Card aria-busy={isPending} className="flex flex-col gap-3">
      <h2 className="flex items-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-400">
        <FolderKanban className="size-4" aria-hidden="true" />
        {t('dashboard.projectCountLabel')}
      </h2>
      {isPending && <Skeleton className="h-10 w-16" />}
      {isError && (
        <ErrorState
          message={translateError(t, toApiError(error))}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      )}
      {count !== undefined && !isError && (
        <p className="flex items-baseline gap-2">
          <span data-testid="project-count" className="text-4xl font-bold">
            {count}
          </span>
          <span className="sr-only">{t('dashboard.projectCountHint', { count })}</span>
        </p>
      )}
    </Card>
  );
}
