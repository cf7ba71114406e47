import type { Project } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Skeleton } from '../../../../components/ui/skeleton';
import { ANALYSIS_VIEWS } from '../../api/analysis-kinds';
import { repoTitle } from '../../model/repo-title';
import { FirstActionsSection } from './first-actions-section';
import { detailLinkClasses } from './detail-link';

type ProjectPart = Pick<Project, 'id' | 'repos'>;

/** The summary's outer frame: the same box, title and report link whether loaded or not. */
export const summaryFrameClasses =
  'flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900';

/** Room for the three ranked actions: number, title line and one repository line each. */
export function ActionsSkeleton() {
  return (
    <div className="flex flex-col gap-3">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex gap-3">
          <Skeleton className="size-7 shrink-0 rounded-full" />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <Skeleton className="h-6 w-3/4 max-w-72" />
            <Skeleton className="h-5 w-full max-w-96" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A repository's four headline tiles of their final size, and the "last analysed" line under them. */
export function HeadlineSkeleton() {
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 xl:grid-cols-4">
        {ANALYSIS_VIEWS.map((kind) => (
          <div
            key={kind}
            className="flex min-w-0 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
          >
            <Skeleton className="h-4 w-24" />
            <Skeleton className={kind === 'structure' ? 'h-6 w-40' : 'h-8 w-20'} />
            <Skeleton className="h-4 w-32" />
          </div>
        ))}
      </div>
      <Skeleton className="h-4 w-36" />
    </div>
  );
}

/**
 * What the Overview's summary shows until its four analyses have answered (and while its chunk
 * loads): its final frame, each repository's card with the real name and branch, and grey boxes of
 * the headline tiles' size (label, figure, line under it; Languages and size is one line of body
 * text, not a large figure). Rendering the final frame at once is what keeps the page below it from
 * jumping when the figures arrive (Lighthouse CLS on the project page).
 */
export function SummarySkeleton({ project }: { project: ProjectPart }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="analysis-summary-title"
      aria-busy="true"
      className={summaryFrameClasses}
      data-testid="project-summary-loading"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="analysis-summary-title" className="text-lg font-semibold">
          {t('analysis.summary.title')}
        </h2>
        <Link
          to={`/analyze-full/${encodeURIComponent(project.id)}`}
          className={`${detailLinkClasses} text-sm`}
        >
          {t('analysis.summary.openReport')}
        </Link>
      </div>
      <p role="status" className="sr-only">
        {t('common.loading')}
      </p>
      <FirstActionsSection titleId="first-actions-title">
        <ActionsSkeleton />
      </FirstActionsSection>
      <ul className="grid min-w-0 gap-4" aria-label={t('analysis.summary.repositoriesLabel')}>
        {project.repos.map((repo) => (
          <li
            key={repo.id}
            className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-950"
          >
            <div className="flex min-w-0 flex-col">
              <h3 className="font-semibold wrap-anywhere">{repoTitle(repo)}</h3>
              <p
                className="truncate text-xs text-slate-600 dark:text-slate-400"
                title={repo.branch}
              >
                {t('analysis.branch')}: <code className="font-mono">{repo.branch}</code>
              </p>
            </div>
            <HeadlineSkeleton />
          </li>
        ))}
      </ul>
    </section>
  );
}
