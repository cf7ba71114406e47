import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { texts, type Language, type Theme } from './texts.js';

/** Meets spec §5's register rules (8+ characters, upper, lower, digit). */
export const PASSWORD = 'Rota-e2e-Passw0rd';

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** Every test makes its own user, so tests share nothing but the server. */
export function newAccount(tag: string, name = 'Deniz Yılmaz'): Account {
  const unique = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  return { name, email: `e2e-${tag}-${unique}@example.com`, password: PASSWORD };
}

export async function registerViaApi(request: APIRequestContext, account: Account): Promise<void> {
  const response = await request.post('/api/auth/register', { data: account });
  expect(response.status(), `register ${account.email}: ${await response.text()}`).toBe(201);
}

/**
 * Stores preferences the way the app does before any app code runs: a same-origin API page is
 * loaded first (no SPA there), so the next page load starts with them, exactly like a returning user.
 */
export async function seedPreferences(
  page: Page,
  prefs: { language?: Language; theme?: Theme },
): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate((values) => {
    if (values.language) localStorage.setItem('language', values.language);
    if (values.theme) localStorage.setItem('theme', values.theme);
  }, prefs);
}

export function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).sort());
}

export function storedValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

export async function fillLogin(
  page: Page,
  account: Pick<Account, 'email' | 'password'>,
  lang: Language,
) {
  const t = texts[lang];
  await page.getByLabel(t.email, { exact: true }).fill(account.email);
  await page.getByLabel(t.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t.loginSubmit, exact: true }).click();
}

/** Signs in through the login form and waits for the dashboard. */
export async function loginViaUi(page: Page, account: Account, lang: Language = 'tr') {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: texts[lang].loginTitle })).toBeVisible();
  await fillLogin(page, account, lang);
  await expectDashboard(page, account, lang);
}

export async function expectDashboard(page: Page, account: Account, lang: Language) {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('heading', { name: texts[lang].greeting(account.name) }),
  ).toBeVisible();
  await expect(page.getByTestId('project-count')).toHaveText('0');
}

/** The login page, with or without the `?next=` that brings the visitor back afterwards. */
export async function expectLoginPage(page: Page, lang: Language) {
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByRole('heading', { name: texts[lang].loginTitle })).toBeVisible();
}

export async function chooseLanguage(page: Page, lang: Language) {
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitemradio', { name: texts[lang].languageName }).click();
}

const themeNames = {
  tr: { light: 'Açık', dark: 'Koyu', system: 'Sistem' },
  en: { light: 'Light', dark: 'Dark', system: 'System' },
} as const;

export async function chooseTheme(page: Page, theme: Theme | 'system', lang: Language) {
  await page.getByTestId('theme-menu').click();
  await page.getByRole('menuitemradio', { name: themeNames[lang][theme] }).click();
}

export async function logoutViaUserMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
}

/** Resolves the `dark` class on <html>, which spec §4 names as the theme's effect. */
export async function expectTheme(page: Page, theme: Theme) {
  const html = page.locator('html');
  if (theme === 'dark') await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  else await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
}
