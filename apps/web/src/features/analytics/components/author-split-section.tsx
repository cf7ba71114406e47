import type { ProjectAnalytics } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/charts/data-table';
import { formatHours, formatNumber, formatRate, formatShare } from '../../../lib/format';
import { Section } from './figure';

const KINDS = ['human', 'bot', 'agent'] as const;

/**
 * Humans, bots and AI agents side by side, whatever the filter: the share of merged work each
 * did, and how long their pull requests waited for a first review.
 */
export function AuthorSplitSection({ analytics }: { analytics: ProjectAnalytics }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { byAuthorKind } = analytics;
  const agents = byAuthorKind.agent;
  const notMeasured = t('analytics.notMeasured');
  return (
    <Section id="split" title={t('analytics.split.title')}>
      <p className="text-sm" data-testid="agent-share">
        {agents.merged_share === null
          ? t('analytics.split.noMerged')
          : t('analytics.split.agentShare', {
              // The sentence needs a figure, so a zero share is said ("0%"); a tiny one is "<1%".
              share:
                formatShare(agents.merged_share * 100, locale, 0) ??
                formatRate(agents.merged_share, locale),
            })}
      </p>
      <DataTable
        testId="split-table"
        caption={t('analytics.split.title')}
        columns={[
          t('analytics.split.kind'),
          t('analytics.split.opened'),
          t('analytics.split.merged'),
          t('analytics.split.share'),
          t('analytics.split.firstReview'),
        ]}
        rows={KINDS.map((kind) => {
          const figures = byAuthorKind[kind];
          const wait = figures.time_to_first_review.median;
          return {
            key: kind,
            cells: [
              t(`analytics.kind.${kind}`),
              formatNumber(figures.prs_opened, locale),
              formatNumber(figures.prs_merged, locale),
              figures.merged_share === null
                ? notMeasured
                : (formatShare(figures.merged_share * 100, locale, 0) ?? ''),
              wait === null ? notMeasured : formatHours(wait, locale),
            ],
          };
        })}
      />
    </Section>
  );
}
