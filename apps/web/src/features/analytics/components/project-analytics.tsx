import '../i18n';
import type { Project } from '@rota/contracts';
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import type { TabItem } from '../../../components/ui/tabs';
import { i18n } from '../../../lib/i18n';

type ProjectPart = Pick<Project, 'id' | 'repos'>;

/** The tab's id in the project page's address: `/projects/{id}?tab=analytics`. */
export const ANALYTICS_TAB_ID = 'analytics';

// The figures and their sections are their own chunk, fetched when the tab opens; the charts'
// library is a further chunk, fetched when a chart first shows.
const AnalyticsTab = lazy(async () => ({
  default: (await import('./analytics-tab')).AnalyticsTab,
}));

/**
 * What the analytics add to a project's page: one tab, when the project has repositories
 * (without any, the overview already says that adding one is the first step).
 */
export function projectAnalytics(project: ProjectPart): { tabs: TabItem[] } {
  if (project.repos.length === 0) return { tabs: [] };
  return {
    tabs: [
      {
        id: ANALYTICS_TAB_ID,
        label: i18n.t('analytics.tab'),
        content: (
          <Suspense
            fallback={
              <div
                role="status"
                aria-busy="true"
                aria-label={i18n.t('analytics.loading')}
                className="flex flex-col gap-4"
              >
                <Skeleton className="h-28 w-full rounded-xl" />
                <Skeleton className="h-64 w-full rounded-xl" />
              </div>
            }
          >
            <AnalyticsTab projectId={project.id} />
          </Suspense>
        ),
      },
    ],
  };
}
