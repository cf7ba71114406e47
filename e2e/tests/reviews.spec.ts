import { expect, test } from '@playwright/test';
import { chooseLanguage } from './support/app.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { newGitHubPerson, onGitHub, onGitHubRepositories } from './support/github-double.js';
import { expectNoSideScroll, NARROWEST_PHONE } from './support/phone.js';
import { pullRequestTexts } from './support/pull-requests.js';
import {
  expectLeakedTokenFound,
  leakedTokenFinding,
  leakyPullRequest,
  reviewTexts,
} from './support/reviews.js';
import { signInWithGitHubAndCreateProject } from './support/github-session.js';

/**
 * Reviews: "Review now" on an open pull request's row asks Rota for a review; the real
 * job reads the pull request's files from the GitHub double, finds the leaked token, and the
 * project's "Reviews" tab shows the review pending, then "changes requested" with the secret
 * finding on the right file and line, in Turkish and in English, on a wide screen and a phone.
 */
test('Review now on a pull request row finds the leaked token; the Reviews tab shows it in Turkish and English', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const person = newGitHubPerson('reviews', 'Ece Demir');
  await onGitHub(request, person);
  await onGitHubRepositories(request, [
    {
      owner: person.login,
      name: 'cart',
      activity: { pulls: [leakyPullRequest(person.login)] },
    },
  ]);

  const project = await signInWithGitHubAndCreateProject(page, request, person, {
    name: 'Sepet',
    repo: 'cart',
  });

  // The Pull requests tab: "Review now" on the open pull request's row.
  const tr = reviewTexts.tr;
  await page.goto(`/projects/${project.id}?tab=pull-requests`);
  const prTab = page.getByTestId('pull-requests-tab');
  await expect(prTab.getByTestId('pr-sync-status')).toHaveText(pullRequestTexts.tr.synced, {
    timeout: 30_000,
  });
  const row = prTab.getByTestId('pr-row').filter({ hasText: 'Connect the cart' });
  await row.getByRole('button', { name: tr.reviewNow(21) }).click();
  await expect(page.getByText(tr.requested(`${person.login}/cart#21`))).toBeVisible();

  // The Reviews tab: the review, polled to its verdict.
  await page.getByRole('tab', { name: tr.tab }).click();
  await expect(page).toHaveURL(/tab=reviews/);
  const review = page.getByTestId('review-row').first();
  await expect(review.getByTestId('review-status')).toHaveText(tr.changesRequested, {
    timeout: 30_000,
  });
  await expect(review.getByTestId('review-trigger')).toHaveText(tr.manual);
  await expect(review.getByTestId('review-engine')).toHaveText(tr.engine);
  await expect(review.getByTestId('review-sha')).toHaveText(/^[0-9a-f]{7}$/);
  await expect(review.getByTestId('review-pr-link')).toHaveAttribute(
    'href',
    `https://github.com/${person.login}/cart/pull/21`,
  );
  await expectNoSeriousAxeViolations(page, testInfo, 'reviews tab, wide');

  // The detail, by its own address: the secret finding on the right file and line.
  await review.getByTestId('review-open').click();
  await expect(page).toHaveURL(/tab=reviews&review=[0-9a-f-]{36}/);
  const detailUrl = page.url();
  await expectLeakedTokenFound(page, 'tr');
  await expectNoSeriousAxeViolations(page, testInfo, 'review detail, wide');

  // In English, from the shared link.
  await chooseLanguage(page, 'en');
  const en = reviewTexts.en;
  await page.goto(detailUrl);
  await expect(leakedTokenFinding(page).getByTestId('review-finding-title')).toHaveText(
    en.secretTitle,
  );
  await expect(leakedTokenFinding(page).getByTestId('review-finding-line')).toHaveText(en.line(2));
  await expect(page.getByTestId('review-verdict')).toContainText(en.changesRequested);
  await expect(page.getByTestId('review-coverage')).toContainText(en.filesReviewed(3));

  // A phone: the detail and the list read without sideways scrolling.
  await page.setViewportSize(NARROWEST_PHONE);
  await expectNoSideScroll(page, 'review detail on a phone');
  await expectNoSeriousAxeViolations(page, testInfo, 'review detail, phone');
  await page.getByTestId('review-back').click();
  await expect(page.getByTestId('review-row').first().getByTestId('review-status')).toHaveText(
    en.changesRequested,
  );
  await expectNoSideScroll(page, 'reviews list on a phone');
});
