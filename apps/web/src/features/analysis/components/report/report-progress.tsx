import { useTranslation } from 'react-i18next';
import { ANALYSIS_VIEWS, type AnalysisView } from '../../api/analysis-kinds';
import { repoTitle } from '../../model/report-markdown';
import type { Report, ReportItem } from '../../model/report-model';

interface Running {
  key: string;
  label: string;
  job: Extract<ReportItem<AnalysisView>, { state: 'working' }>['job'] | null;
}
import { JobProgress } from '../job-progress';

/** While analyses are still being computed: which, and how far along. The report fills in as they land. */
export function ReportProgress({ report }: { report: Report }) {
  const { t } = useTranslation();
  const running = report.repositories.flatMap((repository) =>
    ANALYSIS_VIEWS.flatMap((kind: AnalysisView): Running[] => {
      const item = repository.items[kind];
      if (item.state === 'working')
        return [
          {
            key: `${repository.repo.id}-${kind}`,
            label: `${repoTitle(repository.repo)} · ${t(`analysis.report.sections.${kind}`)}`,
            job: item.job,
          },
        ];
      if (item.state === 'unavailable' && item.reason === 'loading')
        return [
          {
            key: `${repository.repo.id}-${kind}`,
            label: `${repoTitle(repository.repo)} · ${t(`analysis.report.sections.${kind}`)}`,
            job: null,
          },
        ];
      return [];
    }),
  );
  if (running.length === 0) return null;
  return (
    <section
      aria-labelledby="report-progress-title"
      className="flex flex-col gap-3 rounded-xl border border-indigo-200 bg-indigo-50 p-5 print:hidden dark:border-indigo-900 dark:bg-indigo-950"
      data-testid="report-progress"
    >
      <h2 id="report-progress-title" className="font-semibold">
        {t('analysis.report.inProgress', { count: running.length })}
      </h2>
      <ul className="flex flex-col gap-3">
        {running.map((item) => (
          <li key={item.key} className="flex flex-col gap-1">
            <span className="text-sm font-medium">{item.label}</span>
            {item.job ? (
              <JobProgress job={item.job} label={item.label} />
            ) : (
              <span className="text-sm text-slate-700 dark:text-slate-300">
                {t('common.loading')}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
