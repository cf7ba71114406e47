import type { Dashboard } from '@rota/contracts';
import { AlertTriangle, Clock, FileWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemsButton } from '../../../components/items/items-scope';
import { RepoFailureItem } from '../../../components/repo-failure-item';
import { formatDateTime, formatHours, formatNumber, formatRelativeTime } from '../../../lib/format';
import { dashboardLinks } from '../model/links';
import { InsightCard, linkClasses, QuietText } from './insight-card';

const itemClasses = 'flex min-w-0 flex-col gap-0.5 py-2';
const metaClasses = 'text-xs wrap-anywhere text-slate-600 dark:text-slate-400';

/** Pull requests by humans waiting longest for a first review, each linked to GitHub. */
export function WaitingForReview({ dashboard }: { dashboard: Dashboard }) {
  const { t, i18n } = useTranslation();
  const items = dashboard.waitingForFirstReview;
  return (
    <InsightCard
      id="waiting"
      title={t('dashboard.waiting.title')}
      icon={<Clock className="size-4" />}
    >
      {items.length === 0 ? (
        <QuietText testId="waiting-empty">{t('dashboard.waiting.empty')}</QuietText>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
          {items.map((pr) => (
            <li
              key={`${pr.repository}#${pr.number}`}
              className={itemClasses}
              data-testid="waiting-pr"
            >
              <a
                href={pr.url}
                target="_blank"
                rel="noreferrer"
                className={`${linkClasses} wrap-anywhere`}
              >
                {pr.title}
              </a>
              <span className={metaClasses}>
                <Link to={dashboardLinks.pullRequests(pr.projectId)} className={linkClasses}>
                  {pr.projectName}
                </Link>{' '}
                · {pr.repository} #{pr.number}
                {pr.author ? ` · ${pr.author}` : ''}
              </span>
              <span className={metaClasses}>
                {t('dashboard.waiting.for', { time: formatHours(pr.waiting_hours, i18n.language) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <ItemsButton
          metric="waiting"
          label={t('dashboard.waiting.title')}
          className="self-start text-xs"
        >
          {t('dashboard.waiting.all')}
        </ItemsButton>
      )}
    </InsightCard>
  );
}

/** Stale branches and weak READMEs, each linked to the analysis that found them. */
export function AttentionList({ dashboard }: { dashboard: Dashboard }) {
  const { t, i18n } = useTranslation();
  const { failures, staleBranches, lowReadmeScores } = dashboard.attention;
  const locale = i18n.language;
  return (
    <InsightCard
      id="attention"
      title={t('dashboard.attention.title')}
      icon={<AlertTriangle className="size-4" />}
      // While something fails the card is the page's first row, across its width.
      className={failures.length > 0 ? 'lg:col-span-3' : undefined}
    >
      {failures.length > 0 && (
        // What failed comes first: until it is fixed, the figures below it are missing or old.
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="attention-failures">
          {failures.map((failure) => (
            <RepoFailureItem key={`${failure.repoId}-${failure.source}`} failure={failure} />
          ))}
        </ul>
      )}
      {staleBranches.length + lowReadmeScores.length === 0 ? (
        failures.length === 0 && (
          <QuietText testId="attention-empty">{t('dashboard.attention.empty')}</QuietText>
        )
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
          {staleBranches.map((repo) => (
            <li
              key={`branches-${repo.repoId}`}
              className={itemClasses}
              data-testid="attention-stale"
            >
              <Link
                to={dashboardLinks.branches(repo.projectId, repo.repoId)}
                className={linkClasses}
              >
                {t('dashboard.attention.stale', { count: repo.stale })}
              </Link>
              <span className={metaClasses}>
                {repo.projectName} · {repo.repository}
              </span>
            </li>
          ))}
          {lowReadmeScores.map((repo) => (
            <li
              key={`readme-${repo.repoId}`}
              className={itemClasses}
              data-testid="attention-readme"
            >
              <Link to={dashboardLinks.readme(repo.projectId, repo.repoId)} className={linkClasses}>
                {t('dashboard.attention.readme', { score: formatNumber(repo.score, locale) })}
              </Link>
              <span className={metaClasses}>
                {repo.projectName} · {repo.repository}
              </span>
            </li>
          ))}
        </ul>
      )}
    </InsightCard>
  );
}

/** Rota's latest reviews that asked for changes, each opening the review on its project. */
export function ChangesRequested({ dashboard }: { dashboard: Dashboard }) {
  const { t, i18n } = useTranslation();
  const items = dashboard.recentChangesRequested;
  const locale = i18n.language;
  return (
    <InsightCard
      id="changes"
      title={t('dashboard.changes.title')}
      icon={<FileWarning className="size-4" />}
    >
      {items.length === 0 ? (
        <QuietText testId="changes-empty">{t('dashboard.changes.empty')}</QuietText>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
          {items.map((review) => (
            <li key={review.reviewId} className={itemClasses} data-testid="changes-review">
              <Link
                to={dashboardLinks.review(review.projectId, review.reviewId)}
                className={`${linkClasses} wrap-anywhere`}
              >
                {review.repository} #{review.number}
              </Link>
              {review.reason && <span className="text-sm wrap-anywhere">{review.reason}</span>}
              <span className={metaClasses}>
                {review.projectName} ·{' '}
                {t('dashboard.changes.findings', { count: review.findings_count })}
                {review.finished_at && (
                  <>
                    {' · '}
                    <time
                      dateTime={review.finished_at}
                      title={formatDateTime(review.finished_at, locale)}
                    >
                      {formatRelativeTime(review.finished_at, locale)}
                    </time>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </InsightCard>
  );
}
