import type { GitHubBlock } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { translateError } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { RelativeTime } from './relative-time';

/**
 * Live GitHub numbers of a project (stars, forks, open pull requests, top contributor), from what
 * Rota stored. When nothing is stored yet, or what is shown is old, the section says so in words
 * instead of showing zeros or passing old numbers off as current.
 */
export function ProjectGitHubSection({ github }: { github: GitHubBlock }) {
  const { t, i18n } = useTranslation();
  const stats = github.stats;
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <Card className="flex flex-col gap-4 p-5" role="region" aria-labelledby="project-github-title">
      <h2 id="project-github-title" className="text-lg font-semibold">
        {t('projects.github.title')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="github-freshness">
        {!stats || !github.fetched_at ? (
          t('projects.github.pending')
        ) : github.stale ? (
          <RelativeTime value={github.fetched_at} labelKey="projects.github.stale" />
        ) : (
          <RelativeTime value={github.fetched_at} labelKey="projects.github.fetched" />
        )}
      </p>
      {stats && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {(
            [
              ['stars', number(stats.total_stars)],
              ['forks', number(stats.total_forks)],
              ['openPullRequests', number(stats.total_open_pull_requests)],
              [
                'topContributor',
                stats.top_contributor
                  ? stats.top_contributor.username
                  : t('projects.github.nobody'),
              ],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="flex min-w-0 flex-col gap-0.5">
              <dt className="text-xs text-slate-600 dark:text-slate-400">
                {t(`projects.github.${key}`)}
              </dt>
              <dd className="text-lg font-semibold break-all">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {github.pending.length > 0 && stats && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('projects.github.somePending', { names: github.pending.join(', ') })}
        </p>
      )}
      {github.failed.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm text-amber-800 dark:text-amber-300">
          {github.failed.map((item) => (
            <li key={item.full_name}>
              {t('projects.github.failed', {
                name: item.full_name,
                reason: translateError(t, item.error),
              })}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
