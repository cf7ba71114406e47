import { expect, test } from '@playwright/test';
import { analyticsTexts } from './support/analytics.js';
import { chooseLanguage } from './support/app.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import {
  deliverFromGitHub,
  E2E_WEBHOOK_URL,
  newGitHubPerson,
  onGitHub,
  onGitHubRepositories,
} from './support/github-double.js';
import { expectNoSideScroll, NARROWEST_PHONE } from './support/phone.js';
import { pullRequestTexts } from './support/pull-requests.js';
import { expectLeakedTokenFound, leakyPullRequest, reviewTexts } from './support/reviews.js';
import { signInWithGitHubAndCreateProject } from './support/github-session.js';

/**
 * "A webhook for an opened PR with a leaked token in the diff → review changes_requested
 * shown on the Reviews tab and counted on the dashboard". The webhook is installed from the Pull
 * requests tab (with WEBHOOK_URL, the relay address the e2e server is configured with); the GitHub
 * double then delivers `pull_request` `opened`, signed with the secret Rota gave the hook, to
 * Rota's receiver. Receiver → delivery job → event bus → review job: nothing here asks for the
 * review but GitHub's delivery.
 */
test('a signed pull_request opened delivery gets the leaked token reviewed; Reviews tab and dashboard show it in Turkish and English', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const person = newGitHubPerson('webhook', 'Kerem Aydın');
  await onGitHub(request, person);
  const pull = leakyPullRequest(person.login);
  await onGitHubRepositories(request, [
    { owner: person.login, name: 'cart', activity: { pulls: [pull] } },
  ]);
  const fullName = `${person.login}/cart`;

  const project = await signInWithGitHubAndCreateProject(page, request, person, {
    name: 'Sepet',
    repo: 'cart',
  });

  // The Pull requests tab: install the webhook.
  const prs = pullRequestTexts.tr;
  await page.goto(`/projects/${project.id}?tab=pull-requests`);
  const panel = page.getByTestId('pr-sync-panel');
  await expect(panel.getByTestId('pr-sync-status')).toHaveText(prs.synced, { timeout: 30_000 });
  await expect(panel.getByTestId('pr-kept-current')).toHaveText(prs.scheduled);
  await panel.getByRole('button', { name: prs.installWebhooks }).click();
  await expect(page.getByTestId('pr-webhook-outcome')).toHaveText(prs.webhookInstalled(fullName));
  await expect(panel.getByTestId('pr-kept-current')).toHaveText(prs.byWebhook);
  await expectNoSeriousAxeViolations(page, testInfo, 'pull requests tab, webhook installed');

  // GitHub opens the pull request: one delivery, to the hook Rota installed with WEBHOOK_URL.
  const deliveries = await deliverFromGitHub(request, {
    owner: person.login,
    repo: 'cart',
    action: 'opened',
    number: pull.number,
    target: new URL('/webhook/github', baseURL).href,
  });
  expect(deliveries).toHaveLength(1);
  expect(deliveries[0]).toMatchObject({ url: E2E_WEBHOOK_URL, status: 202 });
  expect(JSON.parse(deliveries[0]!.response)).toEqual({
    success: true,
    data: { deliveryId: deliveries[0]!.deliveryId, duplicate: false },
  });

  // The Reviews tab: the webhook's review, polled to its verdict.
  const tr = reviewTexts.tr;
  await page.getByRole('tab', { name: tr.tab }).click();
  await expect(page).toHaveURL(/tab=reviews/);
  const review = page.getByTestId('review-row');
  await expect(review).toHaveCount(1);
  await expect(review.getByTestId('review-status')).toHaveText(tr.changesRequested, {
    timeout: 30_000,
  });
  await expect(review.getByTestId('review-trigger')).toHaveText(tr.webhook);
  await expect(review.getByTestId('review-pr-link')).toHaveAttribute(
    'href',
    `https://github.com/${fullName}/pull/${pull.number}`,
  );
  await expectNoSeriousAxeViolations(page, testInfo, 'reviews tab after a webhook, wide');
  await review.getByTestId('review-open').click();
  await expectLeakedTokenFound(page, 'tr');
  const reviewPath = new URL(page.url()).pathname + new URL(page.url()).search;

  // The dashboard counts it among Rota's change requests, and links to it.
  await page.goto('/dashboard');
  const changes = page.getByTestId('dashboard-changes');
  await expect(
    changes.getByRole('heading', { name: analyticsTexts.tr.changesTitle }),
  ).toBeVisible();
  const counted = changes.getByTestId('changes-review');
  await expect(counted).toHaveCount(1);
  await expect(counted.getByRole('link')).toHaveText(`${fullName} #${pull.number}`);
  await expect(counted.getByRole('link')).toHaveAttribute('href', reviewPath);
  await expectNoSeriousAxeViolations(page, testInfo, 'dashboard with a webhook review, wide');

  // In English, on the narrowest phone: the dashboard, then the review it links to.
  await chooseLanguage(page, 'en');
  const en = reviewTexts.en;
  await page.setViewportSize(NARROWEST_PHONE);
  await expect(
    changes.getByRole('heading', { name: analyticsTexts.en.changesTitle }),
  ).toBeVisible();
  await expect(counted.getByRole('link')).toHaveText(`${fullName} #${pull.number}`);
  await expectNoSideScroll(page, 'dashboard on a phone');
  await expectNoSeriousAxeViolations(page, testInfo, 'dashboard with a webhook review, phone');
  await counted.getByRole('link').click();
  await expect(page.getByTestId('review-verdict')).toContainText(en.changesRequested);
  await expectLeakedTokenFound(page, 'en');
  await expectNoSideScroll(page, 'webhook review on a phone');
  await expectNoSeriousAxeViolations(page, testInfo, 'webhook review, phone');
  await page.getByTestId('review-back').click();
  await expect(page.getByTestId('review-row').getByTestId('review-trigger')).toHaveText(en.webhook);
  await expectNoSideScroll(page, 'reviews list on a phone');
});
