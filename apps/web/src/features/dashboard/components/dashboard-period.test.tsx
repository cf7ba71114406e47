import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { activityDays, dashboardFixture, periodFixture } from '../../../test/analytics-fixtures';
import { projectsAnswer } from '../../../test/auth-fixtures';
import { ok } from '../../../test/project-fixtures';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { DashboardPage } from './dashboard-page';

/** Answers for the period asked: a year summed per month, or the days of a range. */
function dashboardServer() {
  const seen: URL[] = [];
  server.use(
    projectsAnswer([]),
    http.get('/api/dashboard', ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      const from = url.searchParams.get('from');
      const to = url.searchParams.get('to');
      const days = Number(url.searchParams.get('days') ?? 30);
      const period = from && to ? periodFixture(30, { from, to }) : periodFixture(days);
      return ok(
        dashboardFixture({
          period,
          activity: activityDays(period.days, () => ({ commits: 1, prs_merged: 1 })),
        }),
      );
    }),
  );
  return seen;
}

const renderDashboard = (path: string) =>
  renderRoutes(
    [{ path: '/dashboard', element: <DashboardPage user={{ name: 'Ayşe', email: 'a@b.c' }} /> }],
    path,
  );

describe('the dashboard over a period', () => {
  it('asks for the period in the address and sums a year of activity per month', async () => {
    await i18n.changeLanguage('en');
    const seen = dashboardServer();
    renderDashboard('/dashboard?days=365');
    const activity = await screen.findByTestId('dashboard-activity');
    expect(seen[0]?.searchParams.get('days')).toBe('365');
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveDisplayValue('Last 365 days');
    expect(
      within(activity).getByRole('heading', { name: 'Activity in the last 365 days' }),
    ).toBeVisible();
    expect(activity).toHaveTextContent('Monthly totals');
    const rows = within(within(activity).getByTestId('dashboard-activity-table')).getAllByRole(
      'row',
    );
    // 365 days ending 23 November 2026: 24 November 2025 to 23 November 2026, 13 calendar months;
    // December: 31 commits, none opened, 31 merged.
    expect(rows).toHaveLength(14);
    expect(rows[0]).toHaveTextContent('Month');
    expect(rows[1]).toHaveTextContent('Nov 2025');
    expect(rows[2]).toHaveTextContent('Dec 202531031');
    expect(screen.getByTestId('merge-time-trend')).toHaveTextContent(
      '25% faster than Nov 24, 2024 – Nov 23, 2025 (40 hours)',
    );
  });

  it('asks again for a range chosen in the picker, names the period before it, and keeps it in the address', async () => {
    const seen = dashboardServer();
    const { router } = renderDashboard('/dashboard');
    await screen.findByTestId('dashboard-activity');
    // The default period is the server's: the address carries no query.
    expect(seen[0]?.search).toBe('');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Dönem' }), 'Özel aralık');
    const custom = screen.getByTestId('dashboard-period-custom');
    await userEvent.type(within(custom).getByLabelText('Başlangıç'), '2026-09-01');
    await userEvent.type(within(custom).getByLabelText('Bitiş'), '2026-09-10');
    await userEvent.click(within(custom).getByRole('button', { name: 'Uygula' }));
    await waitFor(() => expect(seen.at(-1)?.searchParams.get('from')).toBe('2026-09-01'));
    expect(seen.at(-1)?.searchParams.get('to')).toBe('2026-09-10');
    expect(router.state.location.search).toBe('?from=2026-09-01&to=2026-09-10');
    expect(
      await screen.findByRole('heading', { name: '1 Eyl – 10 Eyl arasındaki etkinlik' }),
    ).toBeVisible();
    expect(screen.getByTestId('merge-time-trend')).toHaveTextContent(
      '22 Ağu – 31 Ağu dönemine göre %25 daha hızlı (40 saat)',
    );
  });
});
