import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { chooseLanguage } from './support/app.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { newGitHubPerson, onGitHub, onGitHubRepositories } from './support/github-double.js';
import { notificationTexts } from './support/notifications.js';
import { SCREENSHOT_DIR } from './support/paths.js';
import { expectNoSideScroll, NARROWEST_PHONE } from './support/phone.js';
import { createProjectViaApi } from './support/projects.js';
import { pullRequestTexts } from './support/pull-requests.js';
import { texts, type Language } from './support/texts.js';

/**
 * Notifications: a project agrees on a first review within one working hour (every hour of every
 * day counts, in UTC, so the test does not depend on when it runs); a pull request opened just
 * under an hour before the agreement was switched on waits past it with no review. Once the sync
 * stores it, the agreement is found broken, the owner's bell counts one unread notification live,
 * and the notification leads to the pull request.
 */
const bell = {
  tr: { ...notificationTexts.tr, tab: pullRequestTexts.tr.tab },
  en: { ...notificationTexts.en, tab: pullRequestTexts.en.tab },
} satisfies Record<Language, unknown>;

async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(url, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function signInWithGitHub(page: Page): Promise<string> {
  await page.goto('/login');
  await page.getByRole('button', { name: texts.tr.githubSignIn }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token!;
}

for (const language of ['tr', 'en'] as const) {
  test(`a pull request waiting past its first-review agreement raises the bell and leads to the pull request (${language})`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const person = newGitHubPerson(`bell-${language}`, 'Ece Kaya');
    await onGitHub(request, person);
    const repository = { owner: person.login, name: 'payments', activity: { pulls: [] } };
    await onGitHubRepositories(request, [repository]);

    await page.setViewportSize({ width: 1280, height: 900 });
    const token = await signInWithGitHub(page);
    if (language === 'en') await chooseLanguage(page, 'en');
    const project = await createProjectViaApi(request, { token } as never, {
      name: `Ödemeler ${language}`,
      repos: [{ url: `https://github.com/${person.login}/payments` }],
    });

    // The sync the new project started has read the repository as it is: no pull request yet.
    await expect
      .poll(
        async () =>
          (
            await api<{ repositories: Array<{ status: string }> }>(
              request,
              token,
              'GET',
              `/api/projects/${project.id}/pull-requests`,
            )
          ).repositories[0]?.status,
        { timeout: 30_000 },
      )
      .toBe('synced');

    const saved = await api<{ agreements: Array<{ kind: string; enabledAt: string | null }> }>(
      request,
      token,
      'PUT',
      `/api/projects/${project.id}/agreements`,
      {
        agreements: [
          {
            kind: 'firstReviewWithin',
            enabled: true,
            threshold: 1,
            includeBots: false,
            includeAgents: false,
          },
        ],
        workingTime: {
          timeZone: 'UTC',
          weekdays: [1, 2, 3, 4, 5, 6, 7],
          start: '00:00',
          end: '24:00',
        },
      },
    );
    const enabledAt = Date.parse(
      saved.agreements.find((agreement) => agreement.kind === 'firstReviewWithin')!.enabledAt!,
    );
    // Opened 59 min 45 s before the agreement was switched on: it breaks 15 s after, unreviewed.
    const openedAt = enabledAt - 60 * 60_000 + 15_000;
    const title = `Capture refunds in batches ${language}`;
    await onGitHubRepositories(request, [
      {
        ...repository,
        activity: {
          pulls: [
            {
              number: 41,
              title,
              author: 'selin-dev',
              head: 'batch-refunds',
              createdAt: new Date(openedAt).toISOString(),
              // Pushed to just now: newer than what the first sync saw.
              updatedAt: new Date().toISOString(),
              additions: 80,
              deletions: 12,
              changedFiles: 3,
            },
          ],
        },
      },
    ]);

    await page.goto('/dashboard');
    const bellButton = page.getByTestId('notification-bell');
    await expect(bellButton).toBeVisible();
    await expect(bellButton).not.toHaveAccessibleName(bell[language].unread(1));

    // Past the moment it broke, the sync stores the pull request and the agreement is checked.
    await page.waitForTimeout(Math.max(0, openedAt + 60 * 60_000 + 1_000 - Date.now()));
    await api(request, token, 'POST', `/api/projects/${project.id}/pull-requests/sync`);

    // The stream brings it: no reload.
    await expect(bellButton).toHaveAccessibleName(bell[language].unread(1), { timeout: 45_000 });
    await bellButton.click();
    const item = page.getByTestId('notification-item').filter({ hasText: title });
    await expect(item).toBeVisible();
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `notifications-bell-${language}.png`),
      animations: 'disabled',
    });
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}\\?tab=pull-requests`));
    await expect(page.getByRole('tab', { name: bell[language].tab })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText(title).first()).toBeVisible();
    await expect(bellButton).not.toHaveAccessibleName(bell[language].unread(1));

    // On the narrowest phone: the bell's sheet, the page of all notifications, the agreements and
    // chat tabs read without sideways scrolling.
    await page.setViewportSize(NARROWEST_PHONE);
    await bellButton.click();
    await expect(page.getByTestId('notification-item').filter({ hasText: title })).toBeVisible();
    await expectNoSideScroll(page, `bell sheet (${language})`);
    await page.keyboard.press('Escape');
    await page.goto('/notifications');
    await expect(page.getByTestId('notification-item').filter({ hasText: title })).toBeVisible();
    await expectNoSideScroll(page, `notifications page (${language})`);
    await expectNoSeriousAxeViolations(page, testInfo, `notifications page (${language})`);
    await page.goto(`/projects/${project.id}?tab=agreements`);
    const agreement = page.getByTestId('agreement-firstReviewWithin');
    await expect(agreement.getByTestId('agreement-breaches')).toContainText(title);
    await expectNoSideScroll(page, `agreements tab (${language})`);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `phone-360-agreements-${language}.png`),
      animations: 'disabled',
      fullPage: true,
    });
    await expectNoSeriousAxeViolations(page, testInfo, `agreements tab (${language})`);
    await page.goto(`/projects/${project.id}?tab=chat`);
    await expect(page.getByRole('tab', { name: bell[language].chatTab })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expectNoSideScroll(page, `chat tab (${language})`);
    await expectNoSeriousAxeViolations(page, testInfo, `chat tab (${language})`);
  });
}
