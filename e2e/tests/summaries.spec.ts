import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { newAccount } from './support/app.js';
import { shoot, watchConsole } from './support/analyses.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { fixtureRepoPath } from './support/paths.js';
import { createProjectViaApi, openSignedIn, registerSession } from './support/projects.js';

/** The summaries' visible texts, written out per language (see texts.ts for why). */
const texts = {
  tr: {
    summary: 'Analizlere genel bakış',
    firstActions: 'Önce yapılacak üç şey',
    breakCycles: 'Bağımlılık döngülerini kırın',
    readmeLink: 'README puanı',
    branches: '4 dal',
    cycles: '1 döngü',
  },
  en: {
    reportSummary: 'Summary',
    firstActions: 'Three things to do first',
    breakCycles: 'Break the dependency cycles',
    notFound: 'Project not found',
    toProjects: 'Go to projects',
  },
} as const;

/**
 * Nothing in the summary reaches past the right edge of the screen (its tiles and lists wrap).
 * The page around it (the tab bar) is the phone-layout work's to check.
 */
async function expectFitsTheScreen(page: Page, testId: string) {
  const overflowing = await page
    .getByTestId(testId)
    .evaluate((root) =>
      [root, ...root.querySelectorAll('*')]
        .filter((node) => node.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((node) => `${node.tagName.toLowerCase()} ${node.textContent?.slice(0, 40) ?? ''}`),
    );
  expect(overflowing).toEqual([]);
}

test('summaries: the Overview’s headlines and the report’s executive summary on a real analysed repository', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const watch = watchConsole(page);
  const session = await registerSession(page.request, newAccount('summaries'));
  const project = await createProjectViaApi(page.request, session, {
    name: `Summary Shop ${randomUUID().slice(0, 6)}`,
    repos: [{ url: fixtureRepoPath() }],
  });

  await test.step('Overview: each analysis’s headline, linked to its tab; the three things to do first', async () => {
    const t = texts.tr;
    await openSignedIn(
      page,
      session,
      { language: 'tr', theme: 'light' },
      `/projects/${project.id}`,
    );
    const summary = page.getByTestId('project-summary');
    await expect(summary.getByRole('heading', { name: t.summary })).toBeVisible();
    // The real engine's figures for the fixture repository (e2e/tests/support/fixture-repo.ts).
    await expect(summary.getByTestId('headline-readme')).toContainText(/\d+\/100/, {
      timeout: 60_000,
    });
    await expect(summary.getByTestId('headline-branches')).toContainText(t.branches);
    await expect(summary.getByTestId('headline-structure')).toContainText('TypeScript');
    await expect(summary.getByTestId('headline-diagram')).toContainText(t.cycles);
    const first = summary.getByTestId('first-actions');
    await expect(first.getByTestId('action')).toHaveCount(3);
    // It has a license and CI: the import cycle comes first.
    await expect(first.getByTestId('action').first()).toContainText(t.breakCycles);
    await shoot(page, 'summary-overview-tr-light', testInfo);
    await expectNoSeriousAxeViolations(page, testInfo, 'summary-overview-tr-light');

    await summary.getByRole('link', { name: t.readmeLink }).click();
    await expect(page).toHaveURL(/\?tab=readme$/);
    await expect(page.getByTestId('analysis-readme')).toBeVisible();
  });

  await test.step('at 360 px nothing of the Overview summary reaches past the screen', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`/projects/${project.id}`);
    await expect(page.getByTestId('headline-readme')).toContainText(/\d+\/100/);
    await expectFitsTheScreen(page, 'project-summary');
    await shoot(page, 'summary-overview-tr-360', testInfo);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await test.step('Report: the executive summary on the first screen, each item linking to its section', async () => {
    const t = texts.en;
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto(`/analyze-full/${project.id}`);
    const summary = page.getByTestId('report-summary');
    await expect(
      summary.getByRole('heading', { name: t.reportSummary, exact: true }),
    ).toBeVisible();
    await expect(summary.getByRole('heading', { name: t.firstActions })).toBeVisible();
    await expect(summary.getByTestId('first-actions').getByTestId('action').first()).toContainText(
      t.breakCycles,
    );
    // On the first screen (1440×900), before the contents and the sections.
    const box = await summary.boundingBox();
    expect(box!.y).toBeLessThan(900);
    await expect(summary.getByTestId('headline-readme')).toContainText(/\d+\/100/);
    await page.setViewportSize({ width: 360, height: 780 });
    await expectFitsTheScreen(page, 'report-summary');
    await page.setViewportSize({ width: 1440, height: 900 });
    const link = summary.getByTestId('first-actions').getByRole('link').first();
    await expect(link).toHaveAttribute('href', '#repository-1-diagram');
    await link.click();
    await expect(page).toHaveURL(/#repository-1-diagram$/);
    await expect(page.locator('#repository-1-diagram')).toBeInViewport();
    await shoot(page, 'summary-report-en-light', testInfo);
  });

  await test.step('Report of a project that does not exist: said in words, no raw id, a way back', async () => {
    const t = texts.en;
    const missing = randomUUID();
    await page.goto(`/analyze-full/${missing}`);
    await expect(page.getByRole('heading', { name: t.notFound })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(missing);
    await page.getByRole('link', { name: t.toProjects }).click();
    await expect(page).toHaveURL(/\/projects$/);
  });

  expect(watch.problems, 'no CSP violations or page errors').toEqual([]);
});

test('summaries: a repository that cannot be fetched is one failure, with no retry that would fail again', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const session = await registerSession(page.request, newAccount('summaries-failed'));
  const project = await createProjectViaApi(page.request, session, {
    name: `Gone ${randomUUID().slice(0, 6)}`,
    // A local path where no repository exists: every analysis fails on the one fetch.
    repos: [{ url: path.join(tmpdir(), `rota-e2e-missing-${randomUUID()}`) }],
  });
  await openSignedIn(page, session, { language: 'tr', theme: 'dark' }, `/projects/${project.id}`);
  const box = page.getByTestId('repo-failure');
  await expect(box).toHaveCount(1, { timeout: 60_000 });
  // Not found is permanent: the fix is the URL (offered above the summary), not analysing again.
  await expect(box.getByRole('button')).toHaveCount(0);
  await expect(
    page
      .getByTestId('project-failures')
      .getByRole('button', { name: 'Adresi / erişimi kontrol et' }),
  ).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'summary-failed-tr-dark', testInfo);
  await expectNoSeriousAxeViolations(page, testInfo, 'summary-failed-tr-dark');

  await page.goto(`/analyze-full/${project.id}`);
  await expect(page.getByTestId('repo-failure')).toHaveCount(1, { timeout: 60_000 });
  await expect(page.getByTestId('analysis-failure')).toHaveCount(0);
});
