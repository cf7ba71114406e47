import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  expectDashboard,
  expectLoginPage,
  expectTheme,
  fillLogin,
  newAccount,
  registerViaApi,
  storedValue,
} from './support/app.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { fixtureRepoPath, SCREENSHOT_DIR } from './support/paths.js';
import { createProjectViaApi, openSignedIn, registerSession } from './support/projects.js';
import { texts, type Language } from './support/texts.js';

/** The sign-in pages for a first-time visitor, the way back to a deep link, toasts. */

const { tr, en } = texts;
const switchTexts = {
  tr: { language: 'Dil', theme: 'Tema', dark: 'Koyu', network: 'Ağ hatası' },
  en: { language: 'Language', theme: 'Theme', dark: 'Dark', network: 'Network error' },
} as const;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const languageSwitch = (page: Page, lang: Language) =>
  page.getByRole('group', { name: switchTexts[lang].language });
const themeSwitch = (page: Page, lang: Language) =>
  page.getByRole('group', { name: switchTexts[lang].theme });

async function bottomOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box, 'the element has a box on screen').not.toBeNull();
  return (box?.y ?? 0) + (box?.height ?? 0);
}

async function topOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box, 'the element has a box on screen').not.toBeNull();
  return box?.y ?? 0;
}

async function shoot(page: Page, label: string) {
  const file = path.join(SCREENSHOT_DIR, `${label}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await test.info().attach(label, { path: file, contentType: 'image/png' });
}

test('a first visitor (English browser) switches /register to English and dark, keeps it on reload and signs up in it', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/register');
  // Turkish stays the default (spec §9), whatever the browser's language: the switch is the way out.
  await expect(page.getByRole('heading', { name: tr.registerTitle })).toBeVisible();
  await expect(languageSwitch(page, 'tr').getByRole('button', { name: 'Türkçe' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await languageSwitch(page, 'tr').getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: en.registerTitle })).toBeVisible();
  await expect(page.getByText(en.tagline)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await expectTheme(page, 'light');
  await themeSwitch(page, 'en').getByRole('button', { name: switchTexts.en.dark }).click();
  await expectTheme(page, 'dark');
  expect(await storedValue(page, 'language')).toBe('en');
  expect(await storedValue(page, 'theme')).toBe('dark');

  // Nothing on the page scrolls sideways at phone width with the switches in place.
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);
  await shoot(page, 'register-switched-en-dark-390');

  await page.reload();
  await expect(page.getByRole('heading', { name: en.registerTitle })).toBeVisible();
  await expectTheme(page, 'dark');

  const account = newAccount('switch');
  await page.getByLabel(en.name, { exact: true }).fill(account.name);
  await page.getByLabel(en.email, { exact: true }).fill(account.email);
  await page.getByLabel(en.password, { exact: true }).fill(account.password);
  await page.getByLabel(en.confirmPassword, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: en.registerSubmit, exact: true }).click();
  await expectDashboard(page, account, 'en');
  await expectTheme(page, 'dark');
});

for (const lang of ['tr', 'en'] as const) {
  test(`the login page at phone width, ${lang}: switches in reach, no sideways scrolling, axe clean`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/login');
    if (lang === 'en') {
      await languageSwitch(page, 'tr').getByRole('button', { name: 'English' }).click();
    }
    await expectLoginPage(page, lang);
    await expect(languageSwitch(page, lang)).toBeInViewport();
    await expect(themeSwitch(page, lang)).toBeInViewport();
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways).toBeLessThanOrEqual(0);
    await shoot(page, `login-switches-${lang}-360`);
    await expectNoSeriousAxeViolations(page, testInfo, `login-switches-${lang}-360`);
  });
}

test('a deep link opened signed out (a project README tab) comes back after signing in', async ({
  page,
  request,
}) => {
  const account = newAccount('deeplink');
  const session = await registerSession(request, account);
  const project = await createProjectViaApi(request, session, {
    name: 'Deep link',
    repos: [{ url: fixtureRepoPath() }],
  });
  const deepLink = `/projects/${project.id}?tab=readme`;

  await page.goto(deepLink);
  await expect(page.getByRole('heading', { name: tr.loginTitle })).toBeVisible();
  const loginUrl = new URL(page.url());
  expect(loginUrl.pathname).toBe('/login');
  expect(loginUrl.searchParams.get('next')).toBe(deepLink);

  await fillLogin(page, account, 'tr');
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === deepLink);
  await expect(page.getByRole('tab', { name: 'README', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByTestId('analysis-readme')).toBeVisible();
});

test('a next pointing off the site is ignored: signing in lands on the dashboard', async ({
  page,
  request,
}) => {
  const account = newAccount('offsite');
  await registerViaApi(request, account);
  for (const next of ['//evil.example', '/\\evil.example', 'https://evil.example/']) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await fillLogin(page, account, 'tr');
    await expectDashboard(page, account, 'tr');
    // Sign out by forgetting the session, the next round starts from the form again.
    await page.evaluate(() => localStorage.clear());
  }
});

test('a wrong password is said once, on the form; no toast', async ({ page, request }) => {
  const account = newAccount('once');
  await registerViaApi(request, account);
  await page.goto('/login');
  await fillLogin(page, { email: account.email, password: 'Wrong-Passw0rd' }, 'tr');
  await expect(page.getByTestId('form-error')).toContainText(tr.invalidCredentials);
  // The submit has finished (the button is back), so any toast it raised would be there by now.
  await expect(page.getByRole('button', { name: tr.loginSubmit, exact: true })).toBeEnabled();
  await expect(page.getByText(tr.invalidCredentials)).toHaveCount(1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px a network failure on sign-in is a toast below the switches, not on the form`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.route('**/api/auth/login', (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await fillLogin(page, { email: 'someone@example.com', password: 'Some-Passw0rd' }, 'tr');

    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toContainText(switchTexts.tr.network, { timeout: 20_000 });
    await expect(page.getByTestId('form-error')).toHaveCount(0);
    const switchesBottom = Math.max(
      await bottomOf(languageSwitch(page, 'tr')),
      await bottomOf(themeSwitch(page, 'tr')),
    );
    // Polled: a toast slides in, so its box moves until the animation ends.
    await expect.poll(() => topOf(toast)).toBeGreaterThanOrEqual(switchesBottom);
    await shoot(page, `login-network-toast-${viewport.width}`);
  });

  test(`at ${viewport.width} px a toast in the app starts below the header and an open menu stays above it`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const session = await registerSession(request, newAccount(`toast-${viewport.width}`));
    await page.route('**/api/projects', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: { message: 'boom', code: 'INTERNAL' } }),
      }),
    );
    await openSignedIn(page, session, { language: 'en', theme: 'light' }, '/projects');

    const toast = page.locator('[data-sonner-toast]').first();
    await expect(toast).toContainText('Failed to fetch projects', { timeout: 20_000 });
    const header = page.getByRole('banner');
    const headerBottom = await bottomOf(header);
    // Polled: a toast slides in, so its box moves until the animation ends.
    await expect.poll(() => topOf(toast)).toBeGreaterThanOrEqual(headerBottom);

    // The user menu opens downwards and the toast sits at the bottom: they should not meet, and
    // where they do (a short screen), the menu is on top.
    await page.getByTestId('user-menu').click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(toast).toBeVisible();
    const onTop = await menu.evaluate((menuElement) => {
      const toastElement = document.querySelector('[data-sonner-toast]');
      if (!toastElement) return 'no toast';
      const a = menuElement.getBoundingClientRect();
      const b = toastElement.getBoundingClientRect();
      const left = Math.max(a.left, b.left);
      const right = Math.min(a.right, b.right);
      const top = Math.max(a.top, b.top);
      const bottom = Math.min(a.bottom, b.bottom);
      if (left >= right || top >= bottom) return 'no overlap';
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      return hit !== null && menuElement.contains(hit) ? 'menu' : 'toast';
    });
    expect(['menu', 'no overlap'], 'the open menu is never under the toast').toContain(onTop);
  });
}
