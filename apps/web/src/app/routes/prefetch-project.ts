import type { QueryClient } from '@tanstack/react-query';
import { ANALYSIS_VIEWS } from '../../features/analysis/api/analysis-kinds';
import { analysisQueryOptions } from '../../features/analysis/api/use-analysis';
import { projectQueryOptions } from '../../features/projects/api/get-project';

/**
 * A project, and with `withAnalyses` its four analyses, fetched into `client` before a page's first
 * render (`preload-route.ts`): what the project page's Overview and the full report read first,
 * as `early-requests.ts` asks for them.
 */
export function prefetchProject(client: QueryClient, id: string, withAnalyses: boolean) {
  return Promise.all([
    client.prefetchQuery(projectQueryOptions(id)),
    ...(withAnalyses
      ? ANALYSIS_VIEWS.map((kind) => client.prefetchQuery(analysisQueryOptions(id, kind)))
      : []),
  ]);
}
