import { expect, test, type Page } from '@playwright/test';
import { analyticsTexts } from './support/analytics.js';
import { chooseLanguage } from './support/app.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { newGitHubPerson, onGitHub, onGitHubRepositories } from './support/github-double.js';
import { expectNoSideScroll, NARROWEST_PHONE } from './support/phone.js';
import { pullRequestTexts } from './support/pull-requests.js';
import { signInWithGitHubAndCreateProject } from './support/github-session.js';
import type { Language } from './support/texts.js';

/**
 * Analytics: a project whose GitHub repository's pull requests were synced from the
 * GitHub double shows them as figures on its "Analytics" tab (flow times, activity chart, rates)
 * and on the dashboard (totals, the pull request waiting for a first review, the 30-day chart),
 * in Turkish and English, on a wide screen and a phone.
 */

/** Whole days before now, so the pull requests fall in every period whatever day the run is. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

async function expectAnalyticsTab(page: Page, lang: Language) {
  const words = analyticsTexts[lang];
  await expect(page.getByRole('tab', { name: words.tab })).toHaveAttribute('aria-selected', 'true');
  const tab = page.getByTestId('analytics-tab');
  for (const title of words.sections)
    await expect(tab.getByRole('heading', { name: title, exact: true })).toBeVisible({
      timeout: 60_000,
    });
  await expect(tab.getByRole('heading', { name: words.activity(30) })).toBeVisible();
  // One human pull request was merged, three days after it was opened.
  await expect(tab.getByTestId('summary-merged-prs')).toContainText('1');
  await expect(tab.getByTestId('flow-time_to_merge')).not.toContainText(words.notMeasured);
  await expect(tab.getByTestId('summary-test-coverage')).toContainText(words.notMeasured);
  // The activity chart draws (Recharts' own chunk), and its table is there for screen readers.
  await expect(
    tab.getByTestId('analytics-activity').locator('.recharts-wrapper > svg.recharts-surface'),
  ).toBeVisible();
  await expect(tab.getByTestId('activity-table').getByRole('row')).toHaveCount(31);
  // The legend names the series in the page's language, and no swatch carries Recharts' English
  // "… legend icon" label.
  const legend = tab.getByTestId('analytics-activity').locator('.recharts-legend-wrapper li');
  await expect(legend.first()).toBeVisible();
  await expect(tab.locator('[aria-label*="legend icon"]')).toHaveCount(0);
}

test('shows a synced project’s analytics tab and the dashboard in Turkish and English, on a phone too', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const person = newGitHubPerson('analytics', 'Elif Demir');
  await onGitHub(request, person);
  await onGitHubRepositories(request, [
    {
      owner: person.login,
      name: 'ledger',
      openIssues: 2,
      activity: {
        pulls: [
          {
            number: 3,
            title: 'Add double-entry postings',
            author: person.login,
            head: 'postings',
            createdAt: daysAgo(6),
            state: 'merged',
            mergedAt: daysAgo(3),
            additions: 120,
            deletions: 20,
            changedFiles: 4,
            reviews: [{ author: 'kerem', state: 'APPROVED', submittedAt: daysAgo(5) }],
          },
          {
            number: 4,
            title: 'Reconcile bank statements nightly',
            author: person.login,
            head: 'reconcile',
            createdAt: daysAgo(2),
            additions: 40,
            deletions: 5,
            changedFiles: 2,
          },
          {
            number: 5,
            title: 'Bump zod from 4.0.0 to 4.1.0',
            author: 'dependabot[bot]',
            authorIsBot: true,
            head: 'dependabot/npm_and_yarn/zod-4.1.0',
            createdAt: daysAgo(1),
          },
        ],
      },
    },
  ]);

  const project = await signInWithGitHubAndCreateProject(page, request, person, {
    name: 'Muhasebe',
    repo: 'ledger',
  });

  // The sync starts with the project; the pull requests tab says when it is done.
  await page.goto(`/projects/${project.id}?tab=pull-requests`);
  await expect(page.getByTestId('pr-sync-panel').getByTestId('pr-sync-status')).toHaveText(
    pullRequestTexts.tr.synced,
    { timeout: 30_000 },
  );

  await page.goto(`/projects/${project.id}?tab=analytics`);
  await expectAnalyticsTab(page, 'tr');
  // Two open issues, pull requests aside (REST's open_issues_count would say 4: #4 and #5 are
  // open). The project's GitHub refresh may end after the first answer: it marks that one stale.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('repositories-open-issues')).toContainText('2', {
      timeout: 3_000,
    });
  }).toPass({ timeout: 30_000 });
  await expectNoSeriousAxeViolations(page, testInfo, 'analytics tab, wide, Turkish');

  // Another period is asked for and kept in the address.
  const tab = page.getByTestId('analytics-tab');
  const period = tab.getByRole('combobox', { name: analyticsTexts.tr.period });
  await period.selectOption({ label: analyticsTexts.tr.days(7) });
  await expect(page).toHaveURL(/days=7/);
  await expect(tab.getByRole('heading', { name: analyticsTexts.tr.activity(7) })).toBeVisible();
  await expect(tab.getByTestId('summary-merged-prs')).toContainText('1');

  // A calendar quarter is asked for by its days, and the activity is named by them.
  const quarter = await period
    .locator('option', { hasText: analyticsTexts.tr.thisQuarter })
    .textContent();
  await period.selectOption({ label: quarter ?? '' });
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
  await expect(tab.getByRole('heading', { name: analyticsTexts.tr.rangeActivity })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/days=7/);

  await page.setViewportSize(NARROWEST_PHONE);
  await expectNoSideScroll(page, 'analytics tab on a phone');
  await expectNoSeriousAxeViolations(page, testInfo, 'analytics tab, phone');

  await page.setViewportSize({ width: 1280, height: 900 });
  await chooseLanguage(page, 'en');
  await page.goto(`/projects/${project.id}?tab=analytics`);
  await expectAnalyticsTab(page, 'en');

  // The dashboard: one project, the open human pull request waiting for its first review.
  await page.goto('/dashboard');
  const insights = page.getByTestId('dashboard-insights');
  await expect(insights).toBeVisible({ timeout: 60_000 });
  await expect(insights.getByTestId('total-projects')).toHaveText('1');
  await expect(
    insights.getByRole('heading', { name: analyticsTexts.en.waitingTitle }),
  ).toBeVisible();
  await expect(
    insights.getByTestId('waiting-pr').filter({ hasText: 'Reconcile bank statements nightly' }),
  ).toBeVisible();
  await expect(insights.getByTestId('merge-time')).toBeVisible();
  await expect(
    insights.getByRole('heading', { name: analyticsTexts.en.dashboardActivity }),
  ).toBeVisible();
  await expect(
    insights.getByTestId('dashboard-activity').locator('.recharts-wrapper > svg.recharts-surface'),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page, testInfo, 'dashboard, wide, English');

  await chooseLanguage(page, 'tr');
  await expect(
    insights.getByRole('heading', { name: analyticsTexts.tr.dashboardActivity }),
  ).toBeVisible();
  await page.setViewportSize(NARROWEST_PHONE);
  await expectNoSideScroll(page, 'dashboard on a phone');
  await expectNoSeriousAxeViolations(page, testInfo, 'dashboard, phone');
});
