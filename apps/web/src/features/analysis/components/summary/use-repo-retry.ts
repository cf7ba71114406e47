import { useTranslation } from 'react-i18next';
import { toApiError } from '../../../../lib/api-error';
import { translateError } from '../../../../lib/error-text';
import { useAnalyseRepository } from '../../api/analyse-repository';

export interface RepoRetry {
  /** False for an archived project: it starts no analyses, so nothing is offered. */
  enabled: boolean;
  run: (repoId: string) => void;
  pendingId: string | null;
  errorFor: (repoId: string) => string | null;
}

/** The one retry per failed repository, shared by the Overview and the full report. */
export function useRepoRetry(projectId: string, archived: boolean): RepoRetry {
  const { t } = useTranslation();
  const mutation = useAnalyseRepository(projectId);
  const failedId = mutation.isError ? mutation.variables : null;
  return {
    enabled: !archived,
    run: (repoId) => mutation.mutate(repoId),
    pendingId: mutation.isPending ? mutation.variables : null,
    errorFor: (repoId) =>
      failedId === repoId ? translateError(t, toApiError(mutation.error)) : null,
  };
}
