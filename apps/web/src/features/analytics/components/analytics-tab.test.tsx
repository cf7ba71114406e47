import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import '../i18n';
import { i18n } from '../../../lib/i18n';
import { analyticsFixture, emptyAnalyticsFixture } from '../../../test/analytics-fixtures';
import { errorAnswer } from '../../../test/auth-fixtures';
import { ok } from '../../../test/project-fixtures';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { AnalyticsTab } from './analytics-tab';

const ANALYTICS_URL = '/api/projects/p-1/analytics';

/** Answers like the server: the period and authors it was asked for, recorded. */
function analyticsServer(body: (url: URL) => unknown, seen: URL[] = []) {
  server.use(
    http.get(ANALYTICS_URL, ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      return ok(body(url));
    }),
  );
  return seen;
}

function renderTab(path = '/projects/p-1?tab=analytics') {
  return renderRoutes([{ path: '/projects/:id', element: <AnalyticsTab projectId="p-1" /> }], path);
}

const figure = (testId: string) => screen.getByTestId(testId);

describe('analytics tab', () => {
  it('shows every section in Turkish, figures written by Intl, asking for 30 days of humans', async () => {
    const seen = analyticsServer(() => analyticsFixture());
    renderTab();
    expect(await screen.findByTestId('analytics-summary')).toBeInTheDocument();
    expect(seen[0]?.searchParams.get('days')).toBe('30');
    expect(seen[0]?.searchParams.get('authors')).toBe('humans');
    expect(screen.getByRole('combobox', { name: 'Dönem' })).toHaveDisplayValue('Son 30 gün');
    expect(screen.getByRole('radio', { name: 'İnsanlar' })).toBeChecked();

    // testCoverage is null: "not measured", and the test-to-code ratio is its own figure.
    expect(figure('summary-test-coverage')).toHaveTextContent('Ölçülmedi');
    expect(figure('summary-test-ratio')).toHaveTextContent('0,42');
    expect(figure('summary-churn')).toHaveTextContent('4.200 satır');
    expect(figure('summary-merge-time')).toHaveTextContent('30 saat');
    expect(figure('rate-merge')).toHaveTextContent('%50');
    expect(figure('rate-review-coverage')).toHaveTextContent('%88');
    expect(figure('activity-total-prs_opened')).toHaveTextContent('3');

    const merge = figure('flow-time_to_merge');
    expect(merge).toHaveTextContent('2,5 gün');
    expect(merge).toHaveTextContent('3,8 gün');
    expect(figure('flow-time_to_first_review')).toHaveTextContent('3,5 saat');
    expect(figure('flow-coding_time')).toHaveTextContent('Ölçülmedi');
    expect(figure('flow-cycle_time')).toHaveTextContent('Ölçülemeyen: 1');

    expect(figure('compliance-gauge')).toHaveTextContent('%75');
    expect(figure('agent-share')).toHaveTextContent('%10');
    expect(figure('repositories-open-issues')).toHaveTextContent('1.234');
    expect(within(figure('languages-table')).getByText('12.388')).toBeInTheDocument();
    expect(within(figure('contributors-table')).getByText('aysekaya')).toBeInTheDocument();
    expect(within(figure('repositories-table')).getByText('payments-api')).toBeInTheDocument();
  });

  it('says what the language figures count, writes a tiny share as <1% and leaves out a zero one', async () => {
    analyticsServer(() => ({
      ...analyticsFixture(),
      languages: { Go: 12_388, Makefile: 20, CSS: 0 },
    }));
    renderTab();
    const chart = await screen.findByTestId('languages');
    expect(chart).toHaveTextContent('Go12.388 satır kod · %100');
    expect(chart).toHaveTextContent('Makefile20 satır kod · <%1');
    expect(chart).not.toHaveTextContent('CSS');
    expect(chart).not.toHaveTextContent('%0');
  });

  it('speaks English with English numbers', async () => {
    await i18n.changeLanguage('en');
    analyticsServer(() => analyticsFixture());
    renderTab();
    expect(await screen.findByRole('heading', { name: 'Flow times' })).toBeInTheDocument();
    expect(figure('summary-test-coverage')).toHaveTextContent('Not measured');
    expect(figure('summary-churn')).toHaveTextContent('4,200 lines');
    expect(figure('repositories-open-issues')).toHaveTextContent('Open issues1,234');
    expect(figure('flow-time_to_merge')).toHaveTextContent('2.5 days');
    expect(figure('compliance-detail')).toHaveTextContent(
      '3 of 4 merged pull requests Rota reviewed were approved on their final commit.',
    );
    expect(screen.getByRole('radio', { name: 'Humans' })).toBeChecked();
  });

  it('asks again for the period and author kind chosen, and keeps them in the address', async () => {
    const seen = analyticsServer((url) => analyticsFixture(Number(url.searchParams.get('days'))));
    const { router } = renderTab();
    await screen.findByTestId('analytics-summary');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Dönem' }), 'Son 90 gün');
    await waitFor(() => expect(seen.at(-1)?.searchParams.get('days')).toBe('90'));
    await userEvent.click(screen.getByText('Tümü'));
    await waitFor(() => expect(seen.at(-1)?.searchParams.get('authors')).toBe('all'));
    expect(router.state.location.search).toBe('?tab=analytics&days=90&authors=all');
    expect(await screen.findByRole('heading', { name: 'Son 90 gündeki etkinlik' })).toBeVisible();
  });

  it('opens with the filters a link carries', async () => {
    const seen = analyticsServer(() => analyticsFixture(7));
    renderTab('/projects/p-1?tab=analytics&days=7&authors=agents');
    await screen.findByTestId('analytics-summary');
    expect(seen[0]?.searchParams.get('days')).toBe('7');
    expect(seen[0]?.searchParams.get('authors')).toBe('agents');
    expect(screen.getByRole('radio', { name: 'Yapay zekâ ajanları' })).toBeChecked();
  });

  it('says why each figure is missing on a new project without GitHub or analyses', async () => {
    analyticsServer(() => emptyAnalyticsFixture());
    renderTab();
    await screen.findByTestId('analytics-summary');
    expect(figure('summary-total-prs')).toHaveTextContent('Ölçülmedi');
    expect(figure('summary-total-prs')).toHaveTextContent('GitHub deposu gerekir');
    expect(figure('summary-test-ratio')).toHaveTextContent('Yapı analizi gerekir');
    expect(figure('activity-total-commits')).toHaveTextContent('Geçmiş analizi gerekir');
    expect(figure('rate-merge')).toHaveTextContent('GitHub deposu gerekir');
    expect(figure('activity-empty')).toHaveTextContent('Bu dönemde etkinlik yok.');
    expect(figure('pr-states-empty')).toHaveTextContent('GitHub deposu gerekir');
    expect(figure('languages-empty')).toHaveTextContent('Yapı analizi gerekir');
    expect(figure('repositories-empty')).toBeInTheDocument();
    expect(figure('repositories-open-issues')).toHaveTextContent('GitHub deposu gerekir');
    expect(figure('contributors-empty')).toBeInTheDocument();
    expect(within(figure('analytics-compliance')).getByText('Ölçülmedi')).toBeInTheDocument();
    expect(figure('agent-share')).toHaveTextContent('Bu dönemde birleştirilen bir şey olmadı.');
    expect(screen.queryByTestId('compliance-gauge')).toBeNull();
  });

  it('says open issues are not counted yet when the GitHub data has no count, never 0', async () => {
    const answer = analyticsFixture();
    analyticsServer(() => ({
      ...answer,
      additionalMetrics: { ...answer.additionalMetrics, totalIssues: null },
    }));
    renderTab();
    const issues = await screen.findByTestId('repositories-open-issues');
    expect(issues).toHaveTextContent('Ölçülmedi');
    expect(issues).toHaveTextContent('GitHub bağlandığında ve verisi yenilendiğinde sayılır');
    expect(issues).not.toHaveTextContent('0');
  });

  it('gives screen readers every chart as a table, and shows it on request', async () => {
    await i18n.changeLanguage('en');
    analyticsServer(() => analyticsFixture());
    renderTab();
    const activity = await screen.findByTestId('analytics-activity');
    const table = within(activity).getByTestId('activity-table');
    expect(table).toHaveClass('sr-only');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[0]).toHaveTextContent('DayCommitsOpenedClosedMerged');
    expect(rows.at(-1)).toHaveTextContent('Nov 23');
    await userEvent.click(within(activity).getByRole('button', { name: 'Show as table' }));
    expect(within(activity).getByTestId('activity-table')).not.toHaveClass('sr-only');
    const sizes = within(screen.getByTestId('analytics-size')).getByTestId('size-classes-table');
    expect(within(sizes).getByRole('row', { name: /M \(under 250 lines\)/ })).toHaveTextContent(
      '338%',
    );
  });

  it('names every landmark once: a scrolling table is not named like its section (axe landmark-unique)', async () => {
    analyticsServer(() => analyticsFixture());
    renderTab();
    await screen.findByTestId('analytics-summary');
    await userEvent.click(
      within(screen.getByTestId('analytics-activity')).getByRole('button', {
        name: 'Tablo olarak göster',
      }),
    );
    const labelled = screen.getAllByRole('region').map((region) => {
      const by = region.getAttribute('aria-labelledby');
      return by ? document.getElementById(by)?.textContent : region.getAttribute('aria-label');
    });
    expect(labelled.length).toBeGreaterThan(2);
    expect(labelled).toContain('Akış süreleri (tablo)');
    expect(new Set(labelled).size).toBe(labelled.length);
  });

  it('shows analytics that fail the contract instead of refusing them (spec §8)', async () => {
    const drifted = {
      ...analyticsFixture(),
      metrics: { ...analyticsFixture().metrics, testCoverage: 0.5 },
    };
    analyticsServer(() => drifted);
    renderTab();
    expect(await screen.findByTestId('analytics-summary')).toBeInTheDocument();
    expect(figure('summary-churn')).toHaveTextContent('4.200 satır');
  });

  it('says the load failed and tries again on request', async () => {
    // MSW tries the handlers added last first: the failure answers once, then the figures.
    analyticsServer(() => analyticsFixture());
    server.use(
      http.get(ANALYTICS_URL, () => errorAnswer(404, 'NOT_FOUND', 'Project not found'), {
        once: true,
      }),
    );
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Analitik yüklenemedi');
    await userEvent.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByTestId('analytics-summary')).toBeInTheDocument();
  });
});
