import type { ProjectAnalytics } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { ItemsButton } from '../../../components/items/items-scope';
import { formatNumber, formatRate } from '../../../lib/format';
import { NotMeasured, Section } from './figure';

const RADIUS = 40;
const HALF_CIRCLE = Math.PI * RADIUS;

/** A half-circle gauge; its text (not the drawing) is what screen readers read. */
function Gauge({ rate, label }: { rate: number; label: string }) {
  return (
    <figure className="flex flex-col items-center gap-1" data-testid="compliance-gauge">
      <svg viewBox="0 0 100 56" className="w-40 max-w-full" aria-hidden="true">
        <path
          d="M10 50 A40 40 0 0 1 90 50"
          fill="none"
          strokeWidth="10"
          strokeLinecap="round"
          className="stroke-slate-200 dark:stroke-slate-700"
        />
        <path
          d="M10 50 A40 40 0 0 1 90 50"
          fill="none"
          strokeWidth="10"
          strokeLinecap="round"
          strokeDasharray={`${HALF_CIRCLE * rate} ${HALF_CIRCLE}`}
          className="stroke-emerald-500"
        />
      </svg>
      <figcaption className="text-2xl font-semibold tabular-nums">{label}</figcaption>
    </figure>
  );
}

/** How many merged pull requests Rota reviewed were approved on their final head (docs/metrics.md). */
export function ComplianceSection({ analytics }: { analytics: ProjectAnalytics }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { overallCompliance, ourReviews, not_reviewed_by_rota } = analytics.compliance;
  const rate = overallCompliance.compliance_rate;
  return (
    <Section id="compliance" title={t('analytics.compliance.title')}>
      {rate === null ? (
        <div className="flex flex-col gap-1">
          <NotMeasured />
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('analytics.compliance.none')}
          </p>
        </div>
      ) : (
        <Gauge rate={rate} label={formatRate(rate, locale)} />
      )}
      <p className="text-sm" data-testid="compliance-detail">
        {t('analytics.compliance.detail', {
          compliant: formatNumber(overallCompliance.compliant, locale),
          total: formatNumber(overallCompliance.total, locale),
        })}
      </p>
      {overallCompliance.total > 0 && (
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="compliance-lists">
          <ItemsButton
            metric="compliance_compliant"
            label={t('analytics.compliance.compliantList')}
            count={overallCompliance.compliant}
          >
            {t('analytics.compliance.compliantList')}
          </ItemsButton>
          <ItemsButton
            metric="compliance_total"
            label={t('analytics.compliance.totalList')}
            count={overallCompliance.total}
          >
            {t('analytics.compliance.totalList')}
          </ItemsButton>
        </p>
      )}
      <ul className="flex flex-col gap-1 text-sm text-slate-600 dark:text-slate-400">
        <li>
          {not_reviewed_by_rota > 0 ? (
            <ItemsButton
              metric="not_reviewed_by_rota"
              label={t('analytics.compliance.notReviewedList')}
              count={not_reviewed_by_rota}
            >
              {t('analytics.compliance.notReviewed', { count: not_reviewed_by_rota })}
            </ItemsButton>
          ) : (
            t('analytics.compliance.notReviewed', { count: not_reviewed_by_rota })
          )}
        </li>
        <li>
          {t('analytics.compliance.ourReviews', {
            total: formatNumber(ourReviews.total, locale),
            approved: formatNumber(ourReviews.approved, locale),
            changes: formatNumber(ourReviews.changes_requested, locale),
          })}
        </li>
      </ul>
    </Section>
  );
}
