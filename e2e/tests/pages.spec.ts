import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  expectTheme,
  loginViaUi,
  newAccount,
  registerViaApi,
  seedPreferences,
} from './support/app.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { SCREENSHOT_DIR } from './support/paths.js';
import { LANGUAGES, texts, THEMES, type Language } from './support/texts.js';

/**
 * Every page in both languages and both themes: a full-page screenshot under
 * e2e/output/screenshots/<page>-<language>-<theme>.png, then axe (no serious or critical violation).
 */
const pages = {
  login: async (page: Page, lang: Language) => {
    const t = texts[lang];
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: t.loginTitle })).toBeVisible();
    await expect(page.getByText(t.tagline)).toBeVisible();
    await expect(page.getByLabel(t.email, { exact: true })).toBeVisible();
    await expect(page.getByTestId('github-signin')).toBeVisible();
    // The GitHub button settles once the server said whether GitHub sign-in is configured.
    await expect(page.getByText(t.githubChecking)).toHaveCount(0);
  },
  register: async (page: Page, lang: Language) => {
    const t = texts[lang];
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: t.registerTitle })).toBeVisible();
    await expect(page.getByText(t.tagline)).toBeVisible();
    await expect(page.getByLabel(t.confirmPassword, { exact: true })).toBeVisible();
    await expect(page.getByText(t.githubChecking)).toHaveCount(0);
  },
  dashboard: async (page: Page, lang: Language) => {
    const account = newAccount(`dashboard-${lang}`);
    await registerViaApi(page.request, account);
    await loginViaUi(page, account, lang);
    await expect(page.getByText(texts[lang].dashboardEmpty)).toBeVisible();
    await expect(page.getByText(texts[lang].footerCredit)).toBeVisible();
  },
} satisfies Record<string, (page: Page, lang: Language) => Promise<void>>;

for (const [name, open] of Object.entries(pages)) {
  for (const lang of LANGUAGES) {
    for (const theme of THEMES) {
      const label = `${name}-${lang}-${theme}`;
      test(`${name} page, ${lang}, ${theme}: screenshot and axe`, async ({ page }, testInfo) => {
        await seedPreferences(page, { language: lang, theme });
        await open(page, lang);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expectTheme(page, theme);

        const file = path.join(SCREENSHOT_DIR, `${label}.png`);
        await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
        await testInfo.attach(label, { path: file, contentType: 'image/png' });

        await expectNoSeriousAxeViolations(page, testInfo, label);
      });
    }
  }
}
