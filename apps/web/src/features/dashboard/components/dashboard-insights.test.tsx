import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '@rota/contracts';
import { i18n } from '../../../lib/i18n';
import {
  dashboardFixture,
  emptyDashboardFixture,
  repoFailureFixture,
} from '../../../test/analytics-fixtures';
import { errorAnswer, projectsAnswer } from '../../../test/auth-fixtures';
import { ok } from '../../../test/project-fixtures';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { DashboardPage } from './dashboard-page';

const user = { name: 'Ayşe', email: 'ayse@example.com' };

function renderDashboard(dashboard: Dashboard, projects: unknown[] = []) {
  server.use(
    projectsAnswer(projects),
    http.get('/api/dashboard', () => ok(dashboard)),
  );
  return renderPage(<DashboardPage user={user} />, '/dashboard');
}

const section = (id: string) => screen.getByTestId(`dashboard-${id}`);

describe('dashboard figures across projects', () => {
  it('shows totals, waiting pull requests, merge time trend and compliance in Turkish', async () => {
    renderDashboard(dashboardFixture());
    expect(await screen.findByTestId('dashboard-insights')).toBeInTheDocument();
    expect(screen.getByTestId('total-projects')).toHaveTextContent('2');
    expect(screen.getByTestId('total-open_prs')).toHaveTextContent('5');
    expect(within(screen.getByTestId('total-repositories')).getByRole('link')).toHaveAttribute(
      'href',
      '/projects',
    );

    const waiting = within(section('waiting')).getByTestId('waiting-pr');
    expect(
      within(waiting).getByRole('link', { name: 'Retry card captures on timeouts' }),
    ).toHaveAttribute('href', 'https://github.com/acme/payments-api/pull/42');
    expect(within(waiting).getByRole('link', { name: 'Ödeme' })).toHaveAttribute(
      'href',
      '/projects/p-1?tab=pull-requests',
    );
    expect(waiting).toHaveTextContent('3 gün bekliyor');

    expect(screen.getByTestId('merge-time')).toHaveTextContent('30 saat');
    expect(screen.getByTestId('merge-time-trend')).toHaveTextContent(
      '25 Eyl – 24 Eki dönemine göre %25 daha hızlı (40 saat)',
    );
    expect(screen.getByTestId('compliance-rate')).toHaveTextContent('%75');
  });

  it('links attention items to the branches and README tabs, and reviews to the Reviews tab', async () => {
    await i18n.changeLanguage('en');
    renderDashboard(dashboardFixture());
    await screen.findByTestId('dashboard-insights');
    expect(screen.getByRole('link', { name: '7 stale branches' })).toHaveAttribute(
      'href',
      '/projects/p-1?tab=branches&repo=r-1',
    );
    expect(screen.getByRole('link', { name: 'README scores 35 of 100' })).toHaveAttribute(
      'href',
      '/projects/p-2?tab=readme&repo=r-2',
    );
    const review = within(section('changes')).getByTestId('changes-review');
    expect(within(review).getByRole('link', { name: 'acme/payments-api #41' })).toHaveAttribute(
      'href',
      '/projects/p-1?tab=reviews&review=rv-1',
    );
    expect(review).toHaveTextContent('Card numbers are logged in plain text');
    expect(review).toHaveTextContent('Findings: 3');
    expect(screen.getByTestId('merge-time-trend')).toHaveTextContent(
      '25% faster than Sep 25 – Oct 24 (40 hours)',
    );
  });

  it('gives the 30-day chart as a table to screen readers, and to anyone on request', async () => {
    await i18n.changeLanguage('en');
    renderDashboard(dashboardFixture());
    const activity = await screen.findByTestId('dashboard-activity');
    const table = within(activity).getByTestId('dashboard-activity-table');
    expect(table).toHaveClass('sr-only');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[0]).toHaveTextContent('DayCommitsPull requests openedPull requests merged');
    expect(rows[1]).toHaveTextContent('Oct 25');
    await userEvent.click(within(activity).getByRole('button', { name: 'Show as table' }));
    expect(within(activity).getByTestId('dashboard-activity-table')).not.toHaveClass('sr-only');
  });

  it('says "not measured" and shows quiet empty lists when nothing is known yet', async () => {
    const quiet = dashboardFixture({
      waitingForFirstReview: [],
      timeToMerge: { current: null, previous: null },
      compliance: { total: 0, compliant: 0, compliance_rate: null },
      attention: { failures: [], staleBranches: [], lowReadmeScores: [] },
      recentChangesRequested: [],
      activity: emptyDashboardFixture().activity,
    });
    renderDashboard(quiet);
    await screen.findByTestId('dashboard-insights');
    expect(screen.getByTestId('merge-time-none')).toHaveTextContent('Ölçülmedi');
    expect(screen.getByTestId('compliance-none')).toHaveTextContent('Ölçülmedi');
    expect(screen.getByTestId('waiting-empty')).toBeInTheDocument();
    expect(screen.getByTestId('attention-empty')).toBeInTheDocument();
    expect(screen.getByTestId('changes-empty')).toBeInTheDocument();
    expect(screen.getByTestId('activity-empty')).toHaveTextContent('Bu dönemde etkinlik yok.');
  });

  it('shows a new user only the invitation to create a project', async () => {
    renderDashboard(emptyDashboardFixture());
    expect(await screen.findByText('Henüz projeniz yok')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-insights')).toBeNull();
  });

  it('says the figures failed to load and retries', async () => {
    // The first read fails, the retry succeeds; set up before the page asks, as the request is
    // sent as soon as the page mounts.
    let reads = 0;
    server.use(
      projectsAnswer([]),
      http.get('/api/dashboard', () =>
        ++reads === 1 ? errorAnswer(403, 'FORBIDDEN', 'Forbidden') : ok(dashboardFixture()),
      ),
    );
    renderPage(<DashboardPage user={user} />, '/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Pano yüklenemedi');
    await userEvent.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByTestId('dashboard-insights')).toBeInTheDocument();
  });

  it('lists failed repositories first in "Needs attention", with the cause and the fix', async () => {
    const failures = [
      repoFailureFixture(),
      repoFailureFixture({
        repoId: 'r-4',
        repository: '/srv/git/missing',
        source: 'fetch',
        code: 'REPO_NOT_FOUND',
        action: 'checkRepository',
        defaultBranch: null,
      }),
      repoFailureFixture({
        repoId: 'r-5',
        repository: 'pallets/flask',
        source: 'sync',
        code: 'GITHUB_NOT_CONNECTED',
        action: 'connectGitHub',
      }),
    ];
    const base = dashboardFixture();
    renderDashboard(dashboardFixture({ attention: { ...base.attention, failures } }));
    const attention = await screen.findByTestId('dashboard-attention');
    const items = within(attention).getAllByTestId('repo-failure-item');
    expect(items).toHaveLength(3);
    // Before the stale branches and README scores.
    expect(
      items[0]!.compareDocumentPosition(within(attention).getByTestId('attention-stale')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(items[0]).toHaveTextContent('Depoda “main” dalı yok.');
    expect(
      within(items[0]!).getByRole('link', { name: 'Varsayılan dalı kullan: master' }),
    ).toHaveAttribute('href', '/projects/p-2');
    expect(items[1]).toHaveTextContent('Depo bulunamadı');
    expect(
      within(items[1]!).getByRole('link', { name: 'Adresi / erişimi kontrol et' }),
    ).toBeVisible();
    expect(
      within(items[2]!).getByRole('link', { name: "Ayarlar'dan GitHub'ı bağla" }),
    ).toHaveAttribute('href', '/settings');

    await i18n.changeLanguage('en');
    expect(
      await within(attention).findByRole('link', { name: 'Use the default branch master' }),
    ).toBeVisible();
    expect(
      within(attention).getByText('The branch “main” does not exist in the repository.'),
    ).toBeVisible();
    await i18n.changeLanguage('tr');
  });
});
