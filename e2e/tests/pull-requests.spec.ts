import { expect, test } from '@playwright/test';
import { expectDashboard } from './support/app.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { newGitHubPerson, onGitHub, onGitHubRepositories } from './support/github-double.js';
import { expectNoSideScroll, NARROWEST_PHONE } from './support/phone.js';
import { createProjectViaApi, type Session } from './support/projects.js';
import { pullRequestTexts } from './support/pull-requests.js';
import { texts } from './support/texts.js';

/**
 * Pull requests: creating a project with a GitHub repository syncs its pull requests
 * from the GitHub double in the background (REST probe, GraphQL pages); the project's "Pull
 * requests" tab lists them with state, review and size, filters by state and search, and reads
 * on a phone without sideways scrolling.
 */
const { tr } = texts;
const prs = pullRequestTexts.tr;

test('lists the pull requests the sync stored, filters and searches them, on a wide screen and a phone', async ({
  page,
  request,
}, testInfo) => {
  const person = newGitHubPerson('pulls', 'Deniz Arslan');
  await onGitHub(request, person);
  const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n)).toISOString();
  await onGitHubRepositories(request, [
    {
      owner: person.login,
      name: 'checkout',
      activity: {
        pulls: [
          {
            number: 12,
            title: 'Retry card captures on timeouts',
            author: person.login,
            head: 'retry-captures',
            createdAt: day(3),
            additions: 120,
            deletions: 30,
            changedFiles: 5,
            reviews: [{ author: 'mehmet', state: 'CHANGES_REQUESTED', submittedAt: day(4) }],
            comments: 3,
          },
          {
            number: 13,
            title: 'Bump lodash from 4.17.20 to 4.17.21',
            author: 'dependabot[bot]',
            authorIsBot: true,
            head: 'dependabot/npm_and_yarn/lodash-4.17.21',
            createdAt: day(5),
            draft: true,
          },
          {
            number: 9,
            title: 'Add refunds',
            author: person.login,
            head: 'refunds',
            createdAt: day(0),
            state: 'merged',
            mergedAt: day(2),
            reviews: [{ author: 'zeynep', state: 'APPROVED', submittedAt: day(1) }],
          },
        ],
      },
    },
  ]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await page.getByRole('button', { name: tr.githubSignIn }).click();
  await expectDashboard(page, { name: person.name, email: person.email, password: '' }, 'tr');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const session = { token: token! } as Session;
  const project = await createProjectViaApi(request, session, {
    name: 'Ödeme',
    repos: [{ url: `https://github.com/${person.login}/checkout` }],
  });

  await page.goto(`/projects/${project.id}?tab=pull-requests`);
  await expect(page.getByRole('tab', { name: prs.tab })).toHaveAttribute('aria-selected', 'true');
  const tab = page.getByTestId('pull-requests-tab');
  const panel = page.getByTestId('pr-sync-panel');
  // The sync started with the project; the tab reads the list again while it runs.
  await expect(panel.getByTestId('pr-sync-status')).toHaveText(prs.synced, { timeout: 30_000 });
  await expect(panel.getByTestId('pr-kept-current')).toHaveText(prs.scheduled);

  // Open by default: the two open ones, newest first, in a table on a wide screen.
  const rows = tab.getByTestId('pr-table').getByTestId('pr-row');
  await expect(rows).toHaveCount(2);
  const captures = rows.filter({ hasText: 'Retry card captures on timeouts' });
  await expect(captures.getByTestId('pr-state')).toContainText('Açık');
  await expect(captures.getByTestId('pr-reviews')).toContainText('Değişiklik istendi');
  await expect(captures.getByTestId('pr-reviews')).toContainText('mehmet');
  await expect(captures.getByTestId('pr-link')).toHaveAttribute(
    'href',
    new RegExp(`/${person.login}/checkout/pull/12$`),
  );
  const bump = rows.filter({ hasText: 'Bump lodash' });
  await expect(bump.getByTestId('pr-draft')).toBeVisible();
  await expect(bump.getByTestId('pr-author')).toContainText('bot');

  // The states are radios drawn as a segmented control: a person presses the visible label.
  const filter = tab.getByTestId('pr-state-filter');
  const chooseState = async (label: string) => {
    await filter.getByText(label, { exact: true }).click();
    await expect(filter.getByRole('radio', { name: label })).toBeChecked();
  };
  await chooseState(prs.stateFilter.merged);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Add refunds');
  await expect(rows.first().getByTestId('pr-reviews')).toContainText('Onaylandı');

  await chooseState(prs.stateFilter.all);
  await expect(rows).toHaveCount(3);
  await tab.getByLabel(prs.search).fill('lodash');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('#13');
  await expectNoSeriousAxeViolations(page, testInfo, 'pull requests tab, wide');

  await page.setViewportSize(NARROWEST_PHONE);
  await expect(tab.getByTestId('pr-cards').getByTestId('pr-row')).toHaveCount(1);
  await expectNoSideScroll(page, 'pull requests tab on a phone');
  await expectNoSeriousAxeViolations(page, testInfo, 'pull requests tab, phone');
});
