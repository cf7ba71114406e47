import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api-error';
import { describeFailure } from '../../lib/error-text';
import { ErrorState } from './error-state';

/** The parts of a TanStack query this needs (any query's result fits). */
interface LoadingQuery {
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * What a screen shows while its data is not there yet: the failure said plainly with "try again"
 * (`failureKey` names what failed), else a busy region named `loadingLabel` around the screen's
 * own placeholder shapes (`children`).
 */
export function QueryState({
  query,
  failureKey,
  loadingLabel,
  className,
  children,
}: {
  query: LoadingQuery;
  failureKey: string;
  loadingLabel: string;
  className: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) {
    const { title, detail } = describeFailure(t, failureKey, toApiError(query.error));
    return (
      <ErrorState
        title={title}
        message={detail ?? t('errors.generic')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <div role="status" aria-busy="true" aria-label={loadingLabel} className={className}>
      {children}
    </div>
  );
}
