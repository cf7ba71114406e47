import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../../lib/api-error';
import { describeFailure } from '../../../lib/error-text';
import { notify } from '../../../lib/ui-store';

/**
 * A failed load is also announced as a toast with spec §8's fallback ('Failed to fetch projects'),
 * once per failure: a background refresh that fails leaves the old data on screen, and the toast is
 * then the only sign. A missing project (404) has its own page state instead.
 */
export function useLoadFailureToast(
  query: { isError: boolean; error: unknown; errorUpdatedAt: number },
  fallbackKey: 'errors.fetchProjects' | 'errors.fetchProject',
) {
  const { t } = useTranslation();
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (!isError) return;
    const apiError = toApiError(error);
    if (apiError.status === 404) return;
    const { title, detail } = describeFailure(t, fallbackKey, apiError);
    notify.error(title, detail ? { description: detail } : {});
    // Once per failure: errorUpdatedAt changes with each new one; t and error come along with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError, errorUpdatedAt, fallbackKey]);
}
