import type { ReviewStats } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { formatDuration, formatNumber, formatPercent } from '../../../lib/format';

const STATUSES = ['pending', 'approved', 'changes_requested', 'commented'] as const;
const OUTCOMES = ['skipped', 'superseded', 'failed'] as const;

const term = 'text-xs font-medium text-slate-600 dark:text-slate-400';

/** Counts per verdict and outcome, compliance and the time to review; unmeasured ones say why. */
export function ReviewStatsHeader({ stats }: { stats: ReviewStats }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <Card
      className="grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-4"
      role="region"
      aria-label={t('reviews.stats.label')}
      data-testid="review-stats"
    >
      {/* The tab's top heading, so the parts' headings below it follow in order. */}
      <h2 className="sr-only">{t('reviews.stats.label')}</h2>
      <Counts
        title={t('reviews.stats.byStatus')}
        items={STATUSES.map((status) => ({
          label: t(`reviews.status.${status}`),
          value: number(stats.by_status[status] ?? 0),
          id: status,
        }))}
      />
      <Counts
        title={t('reviews.stats.outcomes')}
        items={OUTCOMES.map((outcome) => ({
          label: t(`reviews.outcome.${outcome}`),
          value: number(stats[outcome]),
          id: outcome,
        }))}
      />
      <Measure
        title={t('reviews.stats.compliance')}
        help={t('reviews.stats.complianceHelp')}
        value={
          stats.compliance_rate === null
            ? null
            : formatPercent(stats.compliance_rate * 100, i18n.language)
        }
        why={t('reviews.stats.complianceWhy')}
        testId="review-compliance"
      />
      <Measure
        title={t('reviews.stats.avgTime')}
        help={t('reviews.stats.avgTimeHelp')}
        value={
          stats.avg_time_to_review_seconds === null
            ? null
            : formatDuration(stats.avg_time_to_review_seconds, i18n.language)
        }
        why={t('reviews.stats.avgTimeWhy')}
        testId="review-avg-time"
      />
    </Card>
  );
}

function Counts({
  title,
  items,
}: {
  title: string;
  items: Array<{ id: string; label: string; value: string }>;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 text-sm">
        {items.map((item) => (
          <div key={item.id} className="contents" data-testid={`review-count-${item.id}`}>
            <dt className="text-slate-700 dark:text-slate-300">{item.label}</dt>
            <dd className="text-right font-medium tabular-nums">{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Measure({
  title,
  help,
  value,
  why,
  testId,
}: {
  title: string;
  help: string;
  value: string | null;
  why: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 flex-col gap-1" data-testid={testId}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {value === null ? (
        <p className="text-sm">
          <span className="font-medium">{t('reviews.stats.notMeasured')}</span>
          <span className="block text-slate-600 dark:text-slate-400">{why}</span>
        </p>
      ) : (
        <p className="text-2xl font-semibold tabular-nums">{value}</p>
      )}
      <p className={term}>{help}</p>
    </div>
  );
}
