import { ErrorCodes } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AnalyzeFullPage } from '../../features/analysis/components/report/analyze-full-page';
import { useProject } from '../../features/projects/api/get-project';
import { toApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { translateError } from '../../lib/error-text';
import type { PagePrefetch } from '../lazy-page';
import { prefetchProject } from './prefetch-project';

export const prefetch: PagePrefetch = (client, { id = '' }) => prefetchProject(client, id, true);

/** The app hands the project (from the projects feature) to the analyses' full report. */
export function AnalyzeFullRoute() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const query = useProject(id);
  const error = query.isError ? toApiError(query.error) : null;
  // A project deleted in this session is not asked for again: it is as good as not found.
  const gone = query.isPending && query.fetchStatus === 'idle';
  const state = gone
    ? 'notFound'
    : query.isPending
      ? 'loading'
      : error && (error.status === 404 || error.code === ErrorCodes.notFound)
        ? 'notFound'
        : error
          ? 'error'
          : 'ready';
  useDocumentTitle([t('analysis.report.title'), query.data?.name]);
  return (
    <AnalyzeFullPage
      project={query.data}
      state={state}
      errorMessage={error ? translateError(t, error) : undefined}
      onRetry={() => void query.refetch()}
    />
  );
}
