import { expect, test, type Page } from '@playwright/test';
import {
  ANALYSIS_TABS,
  analysisTexts,
  expectResult,
  openTab,
  reportDiagramNodes,
} from './support/analyses.js';
import { newAccount, seedPreferences } from './support/app.js';
import { expectOneLanguage, foreignTexts } from './support/foreign-text.js';
import { fixtureRepoPath } from './support/paths.js';
import {
  createProjectViaApi,
  openSignedIn,
  registerSession,
  type Session,
} from './support/projects.js';
import { LANGUAGES, texts, type Language } from './support/texts.js';

/**
 * One language at a time (docs/i18n.md): a page in Turkish shows no text of the English catalogue, and the reverse. Every
 * page is visited in both languages, the project's tabs and the full report with real results of
 * the fixture repository.
 */

async function signedOutPages(page: Page, lang: Language) {
  // Signed out: a session left by the other language's pages would send /login to the dashboard.
  await page.goto('/api/health');
  await page.evaluate(() => localStorage.clear());
  await seedPreferences(page, { language: lang, theme: 'light' });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: texts[lang].loginTitle })).toBeVisible();
  await expect(page.getByText(texts[lang].githubChecking)).toHaveCount(0);
  await expectOneLanguage(page, lang, '/login');
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: texts[lang].registerTitle })).toBeVisible();
  await expect(page.getByText(texts[lang].githubChecking)).toHaveCount(0);
  await expectOneLanguage(page, lang, '/register');
}

async function signedInPages(page: Page, session: Session, projectId: string, lang: Language) {
  await openSignedIn(page, session, { language: lang, theme: 'light' }, '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectOneLanguage(page, lang, '/dashboard');

  await page.goto('/projects');
  await expect(page.getByText('Fixture Shop languages').first()).toBeVisible();
  await expectOneLanguage(page, lang, '/projects');

  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectOneLanguage(page, lang, '/settings');

  await page.goto(`/projects/${projectId}`);
  await expect(page.getByRole('tab', { name: analysisTexts[lang].overview })).toBeVisible();
  await expectOneLanguage(page, lang, 'project overview');
  for (const tab of ANALYSIS_TABS) {
    await openTab(page, lang, tab);
    await expectResult(page, tab);
    if (tab === 'diagram')
      await expect(page.getByTestId('diagram-svg').locator('svg g.node')).toHaveCount(5, {
        timeout: 20_000,
      });
    await expectOneLanguage(page, lang, `project ${tab} tab`);
  }

  await page.goto(`/analyze-full/${projectId}`);
  await expect(page.getByTestId('report-progress')).toHaveCount(0, { timeout: 30_000 });
  await expect(await reportDiagramNodes(page)).toHaveCount(5, { timeout: 20_000 });
  await expectOneLanguage(page, lang, 'full report');
  await page.emulateMedia({ media: 'print' });
  await expectOneLanguage(page, lang, 'printed full report');
  await page.emulateMedia({ media: 'screen' });
}

test('one language at a time: no page in one language shows the other catalogue', async ({
  page,
}) => {
  test.setTimeout(180_000);

  await test.step('the check finds the other language when it is there', async () => {
    await seedPreferences(page, { language: 'tr', theme: 'light' });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: texts.tr.loginTitle })).toBeVisible();
    await page.evaluate(() => {
      const planted = document.createElement('p');
      planted.id = 'planted';
      planted.textContent = '12,388 lines · External systems';
      document.body.append(planted);
    });
    expect(await foreignTexts(page, 'tr')).toEqual([
      '"External systems" in "12,388 lines · External systems"',
    ]);
    await page.evaluate(() => document.getElementById('planted')?.remove());
  });

  const session = await registerSession(page.request, newAccount('one-language'));
  const project = await createProjectViaApi(page.request, session, {
    name: 'Fixture Shop languages',
    repos: [{ url: fixtureRepoPath() }],
  });

  for (const lang of LANGUAGES) {
    await test.step(`${lang}: sign-in pages`, () => signedOutPages(page, lang));
    await test.step(`${lang}: every signed-in page`, () =>
      signedInPages(page, session, project.id, lang));
  }
});
