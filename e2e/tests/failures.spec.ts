import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { newAccount } from './support/app.js';
import { fixtureRepoPath, SCREENSHOT_DIR } from './support/paths.js';
import { createProjectViaApi, openSignedIn, registerSession } from './support/projects.js';

/** The failure texts, written out per language (see texts.ts for why). */
const texts = {
  tr: {
    missing: 'Depo bulunamadı',
    check: 'Adresi / erişimi kontrol et',
    noBranch: 'Depoda “master” dalı yok.',
    useDefault: 'Varsayılan dalı kullan: main',
  },
  en: {
    missing: 'The repository was not found',
    check: 'Check the URL / access',
    noBranch: 'The branch “master” does not exist in the repository.',
    useDefault: 'Use the default branch main',
  },
} as const;

/** The dashboard as a leader first sees it, at 1366×900, for docs/screenshots. */
async function shootDashboard(page: Page, language: 'tr' | 'en') {
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `dashboard-failed-repo-${language}.png`),
    animations: 'disabled',
  });
}

test('failures: a missing repository and a wrong branch, each with its cause and its fix, first on the project page and the dashboard', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const session = await registerSession(page.request, newAccount('failures'));
  const missing = path.join(path.dirname(fixtureRepoPath()), `missing-${randomUUID().slice(0, 8)}`);
  const project = await createProjectViaApi(page.request, session, {
    name: `Failing Web ${randomUUID().slice(0, 6)}`,
    repos: [
      { url: missing, name: 'missing' },
      // The fixture's default branch is main: master is the guess that fails for some.
      { url: fixtureRepoPath(), branch: 'master', name: 'shop' },
    ],
  });

  await test.step('the Overview opens with both failures and the action for each (Turkish)', async () => {
    const t = texts.tr;
    await openSignedIn(
      page,
      session,
      { language: 'tr', theme: 'light' },
      `/projects/${project.id}`,
    );
    const failures = page.getByTestId('project-failures');
    await expect(failures.getByTestId('repo-failure-item')).toHaveCount(2, { timeout: 60_000 });
    const missingItem = failures.getByTestId('repo-failure-item').filter({ hasText: t.missing });
    await expect(missingItem.getByRole('button', { name: t.check })).toBeVisible();
    const branchItem = failures.getByTestId('repo-failure-item').filter({ hasText: t.noBranch });
    await expect(branchItem.getByRole('button', { name: t.useDefault })).toBeVisible();
    // Neither offers "try again": both fail the same way until fixed.
    await expect(failures.getByRole('button', { name: 'Yeniden analiz et' })).toHaveCount(0);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'project-failed-repo-tr.png'),
      fullPage: true,
      animations: 'disabled',
    });
  });

  await test.step('the dashboard lists them first in "Needs attention" (Turkish, then English)', async () => {
    for (const language of ['tr', 'en'] as const) {
      const t = texts[language];
      await page.evaluate((value) => localStorage.setItem('language', value), language);
      await page.goto('/dashboard');
      const attention = page.getByTestId('dashboard-attention');
      const items = attention.getByTestId('repo-failure-item');
      await expect(items).toHaveCount(2);
      await expect(
        items.filter({ hasText: t.missing }).getByRole('link', { name: t.check }),
      ).toBeVisible();
      await expect(
        items.filter({ hasText: t.noBranch }).getByRole('link', { name: t.useDefault }),
      ).toHaveAttribute('href', `/projects/${project.id}`);
      // git's own words never reach the page.
      await expect(attention).not.toContainText('fatal');
      await shootDashboard(page, language);
    }
  });

  await test.step('one click switches the repository to its default branch and analyses it again', async () => {
    const t = texts.en;
    await page.goto(`/projects/${project.id}`);
    const failures = page.getByTestId('project-failures');
    await failures.getByRole('button', { name: t.useDefault }).click();
    await expect(failures.getByTestId('repo-failure-item')).toHaveCount(1, { timeout: 60_000 });
    await expect(failures).toContainText(t.missing);
    await expect(page.getByTestId('project-summary')).not.toContainText(t.noBranch, {
      timeout: 60_000,
    });
  });
});
