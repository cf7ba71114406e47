import { useTranslation } from 'react-i18next';
import { ANALYSIS_VIEWS } from '../../api/analysis-kinds';
import { repoTitle } from '../../model/report-markdown';
import type { Report } from '../../model/report-model';
import { repoAnchor } from './report-repository';

const link =
  'rounded text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300';

/** The report's table of contents: each repository and its four sections. */
export function ReportToc({ report }: { report: Report }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-labelledby="report-toc-title"
      className="report-toc rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      data-testid="report-toc"
    >
      <h2 id="report-toc-title" className="mb-3 text-lg font-semibold">
        {t('analysis.report.contents')}
      </h2>
      <ol className="flex list-decimal flex-col gap-2 pl-5">
        {report.repositories.map((repository, index) => {
          const anchor = repoAnchor(index);
          return (
            <li key={repository.repo.id}>
              <a href={`#${anchor}`} className={`${link} font-medium`}>
                {repoTitle(repository.repo)}
              </a>
              <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {ANALYSIS_VIEWS.map((kind) => (
                  <li key={kind}>
                    <a href={`#${anchor}-${kind}`} className={link}>
                      {t(`analysis.report.sections.${kind}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
