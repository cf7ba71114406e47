import '../i18n';
import type { Project } from '@rota/contracts';
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import type { TabItem } from '../../../components/ui/tabs';
import { i18n } from '../../../lib/i18n';

type ProjectPart = Pick<Project, 'id' | 'repos'>;

/** The tab's id in the project page's address: `/projects/{id}?tab=reviews&review={reviewId}`. */
export const REVIEWS_TAB_ID = 'reviews';

// The list, the detail and their parts are their own chunk, fetched when the tab opens.
const ReviewsTab = lazy(async () => ({ default: (await import('./reviews-tab')).ReviewsTab }));

/** `owner/repo` of each of the project's GitHub repositories (the only forge Rota reviews on). */
export function githubRepositories(project: ProjectPart): string[] {
  const names = project.repos
    .filter((repo) => repo.provider === 'github' && repo.owner && repo.repo)
    .map((repo) => `${repo.owner}/${repo.repo}`);
  return [...new Set(names)];
}

/**
 * What the reviews add to a project's page: one tab, when the project has repositories (without
 * any, the overview already says that adding one is the first step).
 */
export function projectReviews(
  project: ProjectPart,
  helpers: { addRepository: () => void; canRequestReview: boolean },
): { tabs: TabItem[] } {
  if (project.repos.length === 0) return { tabs: [] };
  return {
    tabs: [
      {
        id: REVIEWS_TAB_ID,
        label: i18n.t('reviews.tab'),
        content: (
          <Suspense
            fallback={
              <div
                role="status"
                aria-busy="true"
                aria-label={i18n.t('reviews.loading')}
                className="flex flex-col gap-4"
              >
                <Skeleton className="h-28 w-full rounded-xl" />
                <Skeleton className="h-64 w-full rounded-xl" />
              </div>
            }
          >
            <ReviewsTab
              projectId={project.id}
              repositories={githubRepositories(project)}
              canRequestReview={helpers.canRequestReview}
              addRepository={helpers.addRepository}
            />
          </Suspense>
        ),
      },
    ],
  };
}
