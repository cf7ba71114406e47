import { lazy, Suspense } from 'react';
import { Skeleton } from '../ui/skeleton';
import type { ActivityChartProps } from './activity-chart';

// Recharts weighs more than the rest of a page: it is fetched when the first chart shows.
const ActivityChart = lazy(() => import('./activity-chart'));

export function LazyActivityChart(props: ActivityChartProps) {
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full rounded-lg" />}>
      <ActivityChart {...props} />
    </Suspense>
  );
}
