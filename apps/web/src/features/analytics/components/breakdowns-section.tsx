import {
  PR_SIZE_CLASS_RANGES,
  PULL_REQUEST_REVIEW_STATES,
  type ProjectAnalytics,
} from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { pullRequestReason } from '../model/missing-reason';
import { BarList } from './bar-list';
import { Figure, Section } from './figure';

/** The languages drawn; the rest are summed as "other" so a long tail stays readable on a phone. */
const TOP_LANGUAGES = 8;

/** The list behind each state's count: the period's opened pull requests in that state now. */
const STATE_METRICS = {
  openPRs: 'opened_open',
  mergedPRs: 'opened_merged',
  closedPRs: 'opened_closed',
} as const;

/** Pull requests by state and by review status. */
export function StatusSection({ analytics }: { analytics: ProjectAnalytics }) {
  const { t } = useTranslation();
  const { metrics, prReviews } = analytics;
  const byStatus = new Map(prReviews.statusBreakdown.map((row) => [row.review_status, row.count]));
  const empty = t(`analytics.reason.${pullRequestReason(analytics.sources)}`);
  return (
    <Section id="status" title={t('analytics.status.title')}>
      <h3 className="text-sm font-semibold">{t('analytics.status.byState')}</h3>
      <BarList
        testId="pr-states"
        caption={t('analytics.status.byState')}
        columns={[t('analytics.status.state'), t('analytics.pullRequests')]}
        empty={empty}
        items={(['openPRs', 'mergedPRs', 'closedPRs'] as const).map((key) => ({
          key,
          label: t(`analytics.status.${key}`),
          value: metrics[key],
          metric: STATE_METRICS[key],
        }))}
      />
      <h3 className="text-sm font-semibold">{t('analytics.status.byReview')}</h3>
      <BarList
        testId="review-states"
        caption={t('analytics.status.byReview')}
        columns={[t('analytics.status.review'), t('analytics.pullRequests')]}
        empty={empty}
        items={PULL_REQUEST_REVIEW_STATES.map((status) => ({
          key: status,
          label: t(`analytics.reviewStatus.${status}`),
          value: byStatus.get(status) ?? 0,
        }))}
      />
    </Section>
  );
}

/** Merged pull requests by size class (docs/metrics.md "PR size"). */
export function SizeSection({ analytics }: { analytics: ProjectAnalytics }) {
  const { t, i18n } = useTranslation();
  const { size } = analytics;
  const reason = pullRequestReason(analytics.sources);
  const number = (value: number) => formatNumber(value, i18n.language);
  const lines = (value: number | null) =>
    value === null ? null : t('analytics.size.lines', { count: Math.round(value) });
  return (
    <Section id="size" title={t('analytics.size.title')}>
      <dl className="grid grid-cols-2 gap-3">
        <Figure label={t('analytics.size.median')} value={lines(size.median)} reason={reason} />
        <Figure label={t('analytics.size.avg')} value={lines(size.avg)} reason={reason} />
      </dl>
      <BarList
        testId="size-classes"
        caption={t('analytics.size.title')}
        columns={[t('analytics.size.class'), t('analytics.pullRequests')]}
        empty={t(`analytics.reason.${reason}`)}
        items={PR_SIZE_CLASS_RANGES.map(({ name, under }) => ({
          key: name,
          label: t(`analytics.size.classes.${name}`, {
            lines: under === null ? '' : number(under),
          }),
          value: size.classes[name],
          metric: `size_${name}`,
        }))}
      />
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t('analytics.size.note', { lines: number(PR_SIZE_CLASS_RANGES.at(-1)!.from ?? 0) })}
      </p>
    </Section>
  );
}

/** Lines of code per language (structure analysis), largest first. */
export function LanguagesSection({ analytics }: { analytics: ProjectAnalytics }) {
  const { t } = useTranslation();
  // A language with no line of code is not drawn: "CSS 0 · 0%" says nothing.
  const sorted = Object.entries(analytics.languages)
    .filter(([, lines]) => lines > 0)
    .sort(([, a], [, b]) => b - a);
  const rest = sorted.slice(TOP_LANGUAGES).reduce((total, [, lines]) => total + lines, 0);
  const items = [
    ...sorted.slice(0, TOP_LANGUAGES).map(([name, value]) => ({ key: name, label: name, value })),
    ...(rest > 0 ? [{ key: '__other', label: t('analytics.languages.other'), value: rest }] : []),
  ];
  return (
    <Section id="languages" title={t('analytics.languages.title')}>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('analytics.languages.unit')}</p>
      <BarList
        testId="languages"
        caption={t('analytics.languages.title')}
        columns={[t('analytics.languages.language'), t('analytics.languages.lines')]}
        empty={t('analytics.reason.needsStructure')}
        items={items}
        formatValue={(lines) => t('analytics.languages.linesValue', { count: lines })}
      />
    </Section>
  );
}
