import '../i18n';
import type { Project } from '@rota/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Skeleton } from '../../../components/ui/skeleton';
import type { TabItem } from '../../../components/ui/tabs';
import { i18n } from '../../../lib/i18n';

type ProjectPart = Pick<Project, 'id' | 'repos'>;

/** The tab's id in the project page's address: `/projects/{id}?tab=agreements`. */
export const AGREEMENTS_TAB_ID = 'agreements';

const AgreementsTab = lazy(async () => ({
  default: (await import('./agreements-tab')).AgreementsTab,
}));

/** What the working agreements add to a project's page: one tab, when it has repositories. */
export function projectAgreements(project: ProjectPart): { tabs: TabItem[] } {
  if (project.repos.length === 0) return { tabs: [] };
  return {
    tabs: [
      {
        id: AGREEMENTS_TAB_ID,
        label: i18n.t('agreements.tab'),
        content: (
          <Suspense
            fallback={
              <div role="status" aria-busy="true" aria-label={i18n.t('agreements.loading')}>
                <Skeleton className="h-48 w-full rounded-xl" />
              </div>
            }
          >
            <AgreementsTab projectId={project.id} />
          </Suspense>
        ),
      },
    ],
  };
}

/**
 * The section the project's edit modal shows: what working agreements are and a link to their
 * editor on the project's agreements tab (`close` closes the edit modal first).
 */
export function agreementsEditSection(projectId: string, close: () => void): ReactNode {
  return (
    <section
      className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      aria-labelledby={`agreements-section-${projectId}`}
    >
      <h3
        id={`agreements-section-${projectId}`}
        className="text-sm font-semibold text-slate-900 dark:text-slate-100"
      >
        {i18n.t('agreements.projectSection.title')}
      </h3>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {i18n.t('agreements.projectSection.description')}
      </p>
      <Link
        to={`/projects/${encodeURIComponent(projectId)}?tab=${AGREEMENTS_TAB_ID}&edit=agreements`}
        onClick={close}
        className="self-start rounded-md text-sm font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
      >
        {i18n.t('agreements.projectSection.open')}
      </Link>
    </section>
  );
}
