import type { ProjectAnalytics } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/charts/data-table';
import { formatNumber } from '../../../lib/format';
import { issuesReason } from '../model/missing-reason';
import { Figure, Section } from './figure';

/**
 * The repositories with the most commits and pull requests in the period, their webhooks, and
 * their open issues now (a count at the last GitHub refresh, not a figure of the period).
 */
export function RepositoriesSection({ analytics }: { analytics: ProjectAnalytics }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { mostActiveRepos, webhookStatus } = analytics.repositories;
  const { totalIssues } = analytics.additionalMetrics;
  const active = mostActiveRepos.filter((repo) => repo.commits + repo.prs > 0);
  return (
    <Section id="repositories" title={t('analytics.repositories.title')}>
      {active.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="repositories-empty">
          {t('analytics.repositories.empty')}
        </p>
      ) : (
        <DataTable
          testId="repositories-table"
          caption={t('analytics.repositories.title')}
          columns={[
            t('analytics.repositories.name'),
            t('analytics.activity.commits'),
            t('analytics.pullRequests'),
          ]}
          rows={active.map((repo) => ({
            key: repo.name,
            cells: [
              <span key="name" className="break-all">
                {repo.name}
              </span>,
              formatNumber(repo.commits, locale),
              formatNumber(repo.prs, locale),
            ],
          }))}
        />
      )}
      <dl className="grid gap-3 sm:grid-cols-2">
        <Figure
          testId="repositories-open-issues"
          label={t('analytics.repositories.openIssues')}
          value={totalIssues === null ? null : formatNumber(totalIssues, locale)}
          reason={issuesReason(analytics.sources)}
          hint={t('analytics.repositories.openIssuesWhat')}
        />
      </dl>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t('analytics.repositories.webhooks', {
          active: formatNumber(webhookStatus.active, locale),
          total: formatNumber(webhookStatus.total, locale),
        })}
      </p>
    </Section>
  );
}
