import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectAnalytics, TrendFigures } from '@rota/contracts';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import '../i18n';
import { i18n } from '../../../lib/i18n';
import { analyticsFixture } from '../../../test/analytics-fixtures';
import { ok } from '../../../test/project-fixtures';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { AnalyticsTab } from './analytics-tab';

const ANALYTICS_URL = '/api/projects/p-1/analytics';

function analyticsServer(body: (url: URL) => unknown) {
  const seen: URL[] = [];
  server.use(
    http.get(ANALYTICS_URL, ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      return ok(body(url));
    }),
  );
  return seen;
}

const renderTab = (path = '/projects/p-1?tab=analytics') =>
  renderRoutes([{ path: '/projects/:id', element: <AnalyticsTab projectId="p-1" /> }], path);

const figures = (values: Partial<TrendFigures> = {}): TrendFigures => ({
  time_to_first_review: 4,
  review_time: 10,
  time_to_merge: 30,
  cycle_time: 60,
  throughput: 12,
  merge_rate: 0.6,
  pr_size: 120,
  compliance: 0.75,
  ...values,
});

/** Four weeks of trends: time to merge falls 40 → 30 hours, compliance has no previous value. */
function withTrends(): ProjectAnalytics {
  return {
    ...analyticsFixture(),
    trends: {
      granularity: 'week',
      buckets: [
        { ...figures({ time_to_merge: 40 }), from: '2026-10-25', to: '2026-10-25' },
        { ...figures({ time_to_merge: 36 }), from: '2026-10-26', to: '2026-11-01' },
        { ...figures({ time_to_merge: null }), from: '2026-11-02', to: '2026-11-08' },
        { ...figures({ time_to_merge: 30 }), from: '2026-11-09', to: '2026-11-23' },
      ],
      current: figures(),
      previous: {
        ...figures({ time_to_merge: 40, merge_rate: 0.5, pr_size: 100, compliance: null }),
        from: '2026-09-25',
        to: '2026-10-24',
      },
    },
  };
}

describe('analytics over a period', () => {
  it('shows each flow figure’s weekly trend and its change against the period before', async () => {
    analyticsServer(() => withTrends());
    renderTab();
    const section = await screen.findByTestId('analytics-trends');
    expect(within(section).getByRole('heading', { name: 'Eğilimler (haftalık)' })).toBeVisible();
    expect(within(section).getByTestId('trends-previous')).toHaveTextContent('25 Eyl – 24 Eki');

    const merge = screen.getByTestId('trend-time_to_merge');
    expect(merge).toHaveTextContent('30 saat');
    expect(within(merge).getByRole('img')).toHaveAccessibleName(
      'Birleştirmeye kadar geçen süre, haftalık: 40 saat → 30 saat',
    );
    const mergeDelta = screen.getByTestId('trend-delta-time_to_merge');
    expect(mergeDelta).toHaveTextContent('▼ %25 azaldı (önceki: 40 saat)');
    expect(mergeDelta).toHaveAttribute('data-tone', 'good');

    const mergeRate = screen.getByTestId('trend-delta-merge_rate');
    expect(mergeRate).toHaveTextContent('▲ 10 puan arttı (önceki: %50)');
    expect(mergeRate).toHaveAttribute('data-tone', 'good');
    const size = screen.getByTestId('trend-delta-pr_size');
    expect(size).toHaveTextContent('▲ %20 arttı (önceki: 100 satır)');
    expect(size).toHaveAttribute('data-tone', 'bad');
    expect(screen.getByTestId('trend-delta-compliance')).toHaveTextContent(
      'Önceki dönemde veri yok',
    );
    expect(screen.getByTestId('trend-delta-throughput')).toHaveTextContent(
      'Değişmedi (önceki: 12)',
    );
  });

  it('speaks of months in English for a year', async () => {
    await i18n.changeLanguage('en');
    const monthly = withTrends();
    monthly.trends = { ...monthly.trends!, granularity: 'month' };
    analyticsServer((url) =>
      url.searchParams.get('days') === '365' ? monthly : analyticsFixture(),
    );
    renderTab();
    await screen.findByTestId('analytics-summary');
    expect(screen.getByRole('heading', { name: 'Trends (weekly)' })).toBeVisible();
    expect(screen.queryByTestId('empty-period')).not.toBeInTheDocument();

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Period' }),
      'Last 365 days',
    );
    expect(await screen.findByRole('heading', { name: 'Trends (monthly)' })).toBeVisible();
    expect(screen.getByTestId('trend-delta-time_to_merge')).toHaveTextContent(
      '▼ Down 25% (previous: 40 hours)',
    );
    expect(screen.getByTestId('trend-delta-compliance')).toHaveTextContent(
      'No data in the previous period',
    );
  });

  it('says a period is empty, when the last activity was, and shows that period on request', async () => {
    const seen = analyticsServer((url) =>
      url.searchParams.get('from') === '2026-07-17'
        ? analyticsFixture()
        : {
            ...analyticsFixture(7),
            emptyPeriod: {
              last_activity_at: '2026-08-14T12:00:00Z',
              suggestion: { from: '2026-07-17', to: '2026-08-14' },
            },
          },
    );
    const { router } = renderTab('/projects/p-1?tab=analytics&days=7');
    const notice = await screen.findByTestId('empty-period');
    expect(notice).toHaveTextContent('Bu dönemde etkinlik yok. Son etkinlik: 14 Ağustos 2026.');

    await userEvent.click(within(notice).getByRole('button', { name: 'O dönemi göster' }));
    await waitFor(() => expect(seen.at(-1)?.searchParams.get('from')).toBe('2026-07-17'));
    expect(seen.at(-1)?.searchParams.get('to')).toBe('2026-08-14');
    expect(seen.at(-1)?.searchParams.has('days')).toBe(false);
    expect(router.state.location.search).toBe('?tab=analytics&from=2026-07-17&to=2026-08-14');
    await waitFor(() => expect(screen.queryByTestId('empty-period')).not.toBeInTheDocument());
  });

  it('says a project without any activity has none yet, with nothing to offer', async () => {
    await i18n.changeLanguage('en');
    analyticsServer(() => ({
      ...analyticsFixture(),
      emptyPeriod: { last_activity_at: null, suggestion: null },
    }));
    renderTab();
    const notice = await screen.findByTestId('empty-period');
    expect(notice).toHaveTextContent('This project has no activity yet.');
    expect(within(notice).queryByRole('button')).not.toBeInTheDocument();
  });

  it('filters by team beside the authors when the project has teams, and keeps it in the address', async () => {
    const seen = analyticsServer(() => analyticsFixture());
    server.use(
      http.get('/api/projects/p-1/teams', () =>
        ok([
          {
            id: '5f0c4a53-2a39-4e51-9d63-4d64c4a7e001',
            name: 'Ödeme ekibi',
            memberIds: [],
            created_at: '2026-11-01T00:00:00Z',
          },
        ]),
      ),
    );
    const { router } = renderTab();
    const team = await screen.findByRole('combobox', { name: 'Takım' });
    expect(team).toHaveDisplayValue('Herkes');
    await userEvent.selectOptions(team, 'Ödeme ekibi');
    await waitFor(() =>
      expect(seen.at(-1)?.searchParams.get('team')).toBe('5f0c4a53-2a39-4e51-9d63-4d64c4a7e001'),
    );
    expect(router.state.location.search).toBe(
      '?tab=analytics&team=5f0c4a53-2a39-4e51-9d63-4d64c4a7e001',
    );
  });

  it('shows no team filter when the project has no teams', async () => {
    analyticsServer(() => analyticsFixture());
    renderTab();
    await screen.findByTestId('analytics-summary');
    expect(screen.queryByRole('combobox', { name: 'Takım' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Dönem' })).toBeInTheDocument();
  });

  it('asks for a quarter by its days and names the activity by them', async () => {
    const seen = analyticsServer((url) => ({
      ...analyticsFixture(),
      period: {
        ...analyticsFixture().period,
        preset: url.searchParams.has('from') ? null : 30,
        from: url.searchParams.get('from') ?? '2026-10-25',
        to: url.searchParams.get('to') ?? '2026-11-23',
      },
    }));
    renderTab('/projects/p-1?tab=analytics&from=2026-07-01&to=2026-09-30');
    expect(
      await screen.findByRole('heading', { name: '1 Tem – 30 Eyl arasındaki etkinlik' }),
    ).toBeVisible();
    expect(seen[0]?.searchParams.get('from')).toBe('2026-07-01');
    expect(seen[0]?.searchParams.get('to')).toBe('2026-09-30');
  });
});
