import type { ProjectAnalytics } from '@rota/contracts';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemsScopeProvider } from '../../../components/items/items-scope';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toApiError } from '../../../lib/api-error';
import { describeFailure } from '../../../lib/error-text';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { useProjectAnalytics } from '../api/get-project-analytics';
import { ActivitySection } from './activity-section';
import { AnalyticsFiltersBar, useAnalyticsFilters } from './analytics-filters';
import { AuthorSplitSection } from './author-split-section';
import { LanguagesSection, SizeSection, StatusSection } from './breakdowns-section';
import { ComplianceSection } from './compliance-section';
import { ContributorsSection } from './contributors-section';
import { DeliverySection } from './delivery-section';
import { EmptyPeriodNotice } from './empty-period-notice';
import { FlowSection } from './flow-section';
import { RatesSection } from './rates-section';
import { RepositoriesSection } from './repositories-section';
import { SectionBoundary } from './section-boundary';
import { SummarySection } from './summary-section';
import { TrendsSection } from './trends-section';

type SectionView = ComponentType<{ analytics: ProjectAnalytics }>;

/** In reading order; the wide ones span both columns on a large screen. */
const SECTIONS: Array<{ id: string; View: SectionView; wide?: boolean }> = [
  { id: 'summary', View: SummarySection, wide: true },
  { id: 'trends', View: TrendsSection, wide: true },
  { id: 'activity', View: ActivitySection, wide: true },
  { id: 'rates', View: RatesSection, wide: true },
  { id: 'flow', View: FlowSection, wide: true },
  { id: 'delivery', View: DeliverySection, wide: true },
  { id: 'status', View: StatusSection },
  { id: 'size', View: SizeSection },
  { id: 'split', View: AuthorSplitSection, wide: true },
  { id: 'compliance', View: ComplianceSection },
  { id: 'repositories', View: RepositoriesSection },
  { id: 'contributors', View: ContributorsSection },
  { id: 'languages', View: LanguagesSection },
];

function Loading() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={t('analytics.loading')}
      className="flex flex-col gap-4"
    >
      <Skeleton className="h-28 w-full rounded-xl" />
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}

/**
 * The project's review analytics: period and author filters, then every figure of
 * docs/metrics.md "Pull-request flow", each saying "not measured" and why when it is null.
 */
export function AnalyticsTab({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation();
  const filters = useAnalyticsFilters();
  const query = useProjectAnalytics(projectId, filters.filters);
  const analytics = query.data;

  let body;
  if (analytics) {
    body = (
      <div
        className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-2"
        aria-busy={query.isPlaceholderData}
      >
        {SECTIONS.map(({ id, View, wide }) => (
          <div key={id} className={wide ? 'min-w-0 lg:col-span-2' : 'min-w-0'}>
            <SectionBoundary
              fallback={
                <ErrorState
                  title={t('errors.fetchAnalytics')}
                  message={t('analytics.unreadable')}
                />
              }
            >
              <View analytics={analytics} />
            </SectionBoundary>
          </div>
        ))}
      </div>
    );
  } else if (query.isError) {
    const { title, detail } = describeFailure(t, 'errors.fetchAnalytics', toApiError(query.error));
    body = (
      <ErrorState
        title={title}
        message={detail ?? t('errors.generic')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else {
    body = <Loading />;
  }

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="analytics-tab">
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <AnalyticsFiltersBar
          {...filters}
          projectId={projectId}
          timeZone={analytics?.period?.timeZone}
        />
        {analytics && typeof analytics.lastUpdated === 'string' && (
          <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="analytics-updated">
            {t('analytics.lastUpdated')}{' '}
            <time
              dateTime={analytics.lastUpdated}
              title={formatDateTime(analytics.lastUpdated, i18n.language)}
            >
              {formatRelativeTime(analytics.lastUpdated, i18n.language)}
            </time>
          </p>
        )}
      </div>
      <EmptyPeriodNotice
        emptyPeriod={analytics?.emptyPeriod}
        timeZone={analytics?.period?.timeZone}
        onChoose={filters.setPeriod}
      />
      <ItemsScopeProvider scope={{ kind: 'project', projectId }}>{body}</ItemsScopeProvider>
    </div>
  );
}
