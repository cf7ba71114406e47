import '../i18n';
import type { Project } from '@rota/contracts';
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import type { TabItem } from '../../../components/ui/tabs';
import { i18n } from '../../../lib/i18n';
import type { PullRequestRowAction } from './pull-request-list';

type ProjectPart = Pick<Project, 'id' | 'repos'>;

/** The tab's id in the project page's address: `/projects/{id}?tab=pull-requests`. */
export const PULL_REQUESTS_TAB_ID = 'pull-requests';

// The list, its filters and the sync panel are their own chunk, fetched when the tab opens.
const PullRequestsTab = lazy(async () => ({
  default: (await import('./pull-requests-tab')).PullRequestsTab,
}));

/**
 * What the pull requests add to a project's page: one tab, when the project has repositories
 * (without any, the overview already says that adding one is the first step).
 */
export function projectPullRequests(
  project: ProjectPart,
  helpers: { addRepository: () => void; rowAction?: PullRequestRowAction | undefined },
): { tabs: TabItem[] } {
  if (project.repos.length === 0) return { tabs: [] };
  return {
    tabs: [
      {
        id: PULL_REQUESTS_TAB_ID,
        label: i18n.t('pullRequests.tab'),
        content: (
          <Suspense
            fallback={
              <div
                role="status"
                aria-busy="true"
                aria-label={i18n.t('pullRequests.loading')}
                className="flex flex-col gap-4"
              >
                <Skeleton className="h-28 w-full rounded-xl" />
                <Skeleton className="h-64 w-full rounded-xl" />
              </div>
            }
          >
            <PullRequestsTab
              projectId={project.id}
              addRepository={helpers.addRepository}
              rowAction={helpers.rowAction}
            />
          </Suspense>
        ),
      },
    ],
  };
}
