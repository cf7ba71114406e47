import '../i18n';
import { useTranslation } from 'react-i18next';
import { ItemsScopeProvider } from '../../../components/items/items-scope';
import { PeriodPicker, usePeriodParam } from '../../../components/period/period-picker';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDashboard } from '../api/get-dashboard';
import { ActivityCard } from './activity-card';
import { HeadlineFigures } from './headline-figures';
import { AttentionList, ChangesRequested, WaitingForReview } from './work-lists';

/** The dashboard's figures open the lists behind them from `GET /api/dashboard/items`. */
const DASHBOARD_SCOPE = { kind: 'dashboard' } as const;

/**
 * A leader's Monday morning across all projects: totals, who waits for a review, how
 * fast work merges, compliance, what needs attention, and the activity of the period chosen (`?days=` or `?from=&to=`,
 * 30 days by default). A new user without
 * projects sees only the page's own "create a project" invitation.
 */
export function DashboardInsights() {
  const { t } = useTranslation();
  const { period, setPeriod } = usePeriodParam();
  const query = useDashboard(period);
  const dashboard = query.data;

  if (!dashboard) {
    return (
      <QueryState
        query={query}
        failureKey="errors.fetchDashboard"
        loadingLabel={t('dashboard.loadingInsights')}
        className="grid gap-4 lg:grid-cols-3"
      >
        <Skeleton className="h-32 w-full rounded-xl" />
        <Skeleton className="h-32 w-full rounded-xl" />
        <Skeleton className="h-32 w-full rounded-xl" />
      </QueryState>
    );
  }
  if (dashboard.totals.projects === 0) return null;
  // A failed repository is the first thing to see: its figures are missing or old until it is fixed.
  const failing = dashboard.attention.failures.length > 0;

  return (
    <ItemsScopeProvider scope={DASHBOARD_SCOPE}>
      <div
        className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-3"
        data-testid="dashboard-insights"
      >
        <div className="lg:col-span-3" aria-busy={query.isPlaceholderData}>
          <PeriodPicker
            value={period}
            onChange={setPeriod}
            timeZone={dashboard.period.timeZone}
            testId="dashboard-period"
          />
        </div>
        {failing && <AttentionList dashboard={dashboard} />}
        <HeadlineFigures dashboard={dashboard} />
        <WaitingForReview dashboard={dashboard} />
        <ChangesRequested dashboard={dashboard} />
        {!failing && <AttentionList dashboard={dashboard} />}
        <ActivityCard dashboard={dashboard} />
      </div>
    </ItemsScopeProvider>
  );
}
