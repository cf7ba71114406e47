import type { PullRequest } from '@rota/contracts';
import {
  Bot,
  Check,
  Clock,
  FileDiff,
  GitMerge,
  GitPullRequest,
  GitPullRequestClosed,
  MessageSquare,
  X,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatDateTime, formatDuration, formatNumber } from '../../../lib/format';
import { sizeClass } from '../model/size-class';

type Reviewer = PullRequest['reviewers'][number];

const stateLook: Record<PullRequest['state'], { tone: BadgeTone; icon: ReactNode }> = {
  open: { tone: 'green', icon: <GitPullRequest className="size-3.5" aria-hidden="true" /> },
  merged: { tone: 'indigo', icon: <GitMerge className="size-3.5" aria-hidden="true" /> },
  closed: { tone: 'red', icon: <GitPullRequestClosed className="size-3.5" aria-hidden="true" /> },
};

/** Open, merged or closed in words (and colour), with a draft marked beside it. */
export function StateBadges({ pullRequest }: { pullRequest: PullRequest }) {
  const { t } = useTranslation();
  const look = stateLook[pullRequest.state];
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone={look.tone} data-testid="pr-state">
        {look.icon}
        {t(`pullRequests.state.${pullRequest.state}`)}
      </Badge>
      {pullRequest.draft && (
        <Badge tone="slate" data-testid="pr-draft">
          {t('pullRequests.state.draft')}
        </Badge>
      )}
    </span>
  );
}

/** A forge page only: the link must be http(s), whatever the stored value says. */
const safeUrl = (url: string): string | undefined => (/^https?:\/\//i.test(url) ? url : undefined);

/** "#123 Title" linking to the pull request on GitHub, in a new tab. */
export function TitleLink({ pullRequest }: { pullRequest: PullRequest }) {
  const { t } = useTranslation();
  const text = (
    <>
      <span className="font-mono text-slate-600 dark:text-slate-400">#{pullRequest.number}</span>{' '}
      {pullRequest.title}
    </>
  );
  const href = safeUrl(pullRequest.url);
  if (!href) return <span className="font-medium wrap-anywhere">{text}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium wrap-anywhere text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
      data-testid="pr-link"
    >
      {text}
      <span className="sr-only"> {t('common.opensInNewTab')}</span>
    </a>
  );
}

export function Author({ pullRequest }: { pullRequest: PullRequest }) {
  const { t } = useTranslation();
  const user = pullRequest.user;
  if (!user) return <span className="italic">{t('pullRequests.author.ghost')}</span>;
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-1" data-testid="pr-author">
      <span className="min-w-0 wrap-anywhere">{user.login}</span>
      {user.is_bot && (
        <Badge tone="sky">
          <Bot className="size-3.5" aria-hidden="true" />
          {t('pullRequests.author.bot')}
        </Badge>
      )}
    </span>
  );
}

/** "open for 3 days", "merged after 2 hours": the age says what it measures. */
export function Age({ pullRequest }: { pullRequest: PullRequest }) {
  const { t, i18n } = useTranslation();
  return (
    <span data-testid="pr-age" title={formatDateTime(pullRequest.created_at, i18n.language)}>
      {t(`pullRequests.age.${pullRequest.state}`, {
        duration: formatDuration(pullRequest.age_seconds, i18n.language),
      })}
    </span>
  );
}

/** Size class (XS–XL), lines added and deleted, files changed; read out in words. */
export function Size({ pullRequest }: { pullRequest: PullRequest }) {
  const { t, i18n } = useTranslation();
  const size = sizeClass(pullRequest);
  const number = (value: number) => formatNumber(value, i18n.language);
  const className = t('pullRequests.size.class', {
    size,
    name: t(`pullRequests.size.classes.${size}`),
  });
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="pr-size">
      <Badge tone="slate" className="font-mono" title={className}>
        <span aria-hidden="true">{size}</span>
        <span className="sr-only">{className}</span>
      </Badge>
      <span className="font-mono whitespace-nowrap">
        <span aria-hidden="true">
          <span className="text-emerald-700 dark:text-emerald-400">
            +{number(pullRequest.additions)}
          </span>{' '}
          <span className="text-red-700 dark:text-red-400">−{number(pullRequest.deletions)}</span>
        </span>
        <span className="sr-only">
          {t('pullRequests.size.lines', {
            additions: pullRequest.additions,
            deletions: pullRequest.deletions,
          })}
        </span>
      </span>
      <span className="inline-flex items-center gap-1 whitespace-nowrap text-slate-600 dark:text-slate-400">
        <FileDiff className="size-3.5" aria-hidden="true" />
        {t('pullRequests.size.files', { count: pullRequest.changed_files })}
      </span>
    </span>
  );
}

const reviewTone: Record<PullRequest['review_state'], BadgeTone> = {
  approved: 'green',
  changes_requested: 'red',
  commented: 'sky',
  review_required: 'amber',
  none: 'slate',
};

const reviewerIcon: Record<Reviewer['state'], ReactNode> = {
  approved: (
    <Check
      className="size-3.5 shrink-0 text-emerald-700 dark:text-emerald-400"
      aria-hidden="true"
    />
  ),
  changes_requested: (
    <X className="size-3.5 shrink-0 text-red-700 dark:text-red-400" aria-hidden="true" />
  ),
  commented: <MessageSquare className="size-3.5" aria-hidden="true" />,
  dismissed: <X className="size-3.5 shrink-0 text-slate-500" aria-hidden="true" />,
  requested: (
    <Clock className="size-3.5 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
  ),
};

/** The review state in words, then each reviewer with what they did (never colour alone). */
export function Reviews({ pullRequest }: { pullRequest: PullRequest }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-col items-start gap-1" data-testid="pr-reviews">
      <Badge tone={reviewTone[pullRequest.review_state]}>
        {t(`pullRequests.review.states.${pullRequest.review_state}`)}
      </Badge>
      {pullRequest.reviewers.length > 0 && (
        <ul
          aria-label={t('pullRequests.review.reviewers')}
          className="flex flex-col gap-0.5 text-xs"
        >
          {pullRequest.reviewers.map((reviewer) => (
            <li key={reviewer.login} className="flex min-w-0 items-center gap-1">
              {reviewerIcon[reviewer.state]}
              <span className="min-w-0 wrap-anywhere">{reviewer.login}</span>
              <span className="text-slate-600 dark:text-slate-400">
                {t(`pullRequests.review.reviewer.${reviewer.state}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}

export function Comments({ pullRequest }: { pullRequest: PullRequest }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap" data-testid="pr-comments">
      <MessageSquare className="size-3.5" aria-hidden="true" />
      {t('pullRequests.comments', { count: pullRequest.comments })}
    </span>
  );
}
