import { expect, test } from '@playwright/test';
import {
  chooseLanguage,
  chooseTheme,
  expectDashboard,
  expectLoginPage,
  expectTheme,
  fillLogin,
  logoutViaUserMenu,
  newAccount,
  storageKeys,
  storedValue,
} from './support/app.js';
import { texts } from './support/texts.js';

const tr = texts.tr;
const en = texts.en;

// A new user's journey, in one browser session, as they would live it.
test('register → logout → wrong password → login → English → dark → unknown URL → logout', async ({
  page,
}) => {
  const account = newAccount('journey');

  await test.step('register: lands on the dashboard, confirmPassword never sent', async () => {
    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await expect(page.getByRole('heading', { name: tr.registerTitle })).toBeVisible();
    await page.getByLabel(tr.name, { exact: true }).fill(account.name);
    await page.getByLabel(tr.email, { exact: true }).fill(account.email);
    await page.getByLabel(tr.password, { exact: true }).fill(account.password);
    await page.getByLabel(tr.confirmPassword, { exact: true }).fill(account.password);
    const registerRequest = page.waitForRequest(
      (request) => request.url().endsWith('/api/auth/register') && request.method() === 'POST',
    );
    await page.getByRole('button', { name: tr.registerSubmit, exact: true }).click();
    expect((await registerRequest).postDataJSON()).toEqual({
      name: account.name,
      email: account.email,
      password: account.password,
    });
    await expectDashboard(page, account, 'tr');
    expect(await storageKeys(page)).toEqual(
      expect.arrayContaining(['refreshToken', 'token', 'user']),
    );
  });

  await test.step('the shell: user menu, language menu and footer texts (spec §2)', async () => {
    await expect(page.getByText(tr.footerCredit)).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText(account.name);

    await page.getByTestId('user-menu').click();
    const userMenu = page.getByRole('menu');
    await expect(userMenu.getByText(tr.signedInAs)).toBeVisible();
    await expect(userMenu.getByText(account.email)).toBeVisible();
    await expect(userMenu.getByRole('menuitem', { name: tr.settings })).toBeVisible();
    await expect(page.getByTestId('logout')).toHaveText(tr.logout);
    await page.keyboard.press('Escape');
    await expect(userMenu).toBeHidden();

    await page.getByTestId('language-menu').click();
    const languageMenu = page.getByRole('menu');
    for (const upcoming of ['Deutsch', 'Français', 'Español']) {
      const item = languageMenu.getByRole('menuitemradio', { name: new RegExp(upcoming) });
      await expect(item).toBeDisabled();
      await expect(item).toContainText(tr.comingSoon);
    }
    await page.keyboard.press('Escape');
    await expect(languageMenu).toBeHidden();
  });

  await test.step('logout lands on /login', async () => {
    await logoutViaUserMenu(page);
    await expectLoginPage(page, 'tr');
    await expect.poll(() => storageKeys(page)).toEqual([]);
  });

  await test.step('a wrong password shows the error in the page and signs nobody in', async () => {
    await fillLogin(page, { email: account.email, password: 'Wrong-Passw0rd' }, 'tr');
    await expect(page.getByTestId('form-error')).toContainText(tr.invalidCredentials);
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedValue(page, 'token')).toBeNull();
  });

  await test.step('the right password signs in', async () => {
    await page.getByLabel(tr.password, { exact: true }).fill(account.password);
    await page.getByRole('button', { name: tr.loginSubmit, exact: true }).click();
    await expectDashboard(page, account, 'tr');
  });

  await test.step('Türkçe → English: texts change and the choice survives a reload', async () => {
    await chooseLanguage(page, 'en');
    await expect(page.getByRole('heading', { name: en.greeting(account.name) })).toBeVisible();
    await expect(page.getByText(en.footerCredit)).toBeVisible();
    await expect(page.getByText(tr.footerCredit)).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expectDashboard(page, account, 'en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  await test.step('theme → dark: html.dark, stored under `theme`, survives a reload', async () => {
    await expectTheme(page, 'light');
    await chooseTheme(page, 'dark', 'en');
    await expectTheme(page, 'dark');
    expect(await storedValue(page, 'theme')).toBe('dark');
    await page.reload();
    await expectDashboard(page, account, 'en');
    await expectTheme(page, 'dark');
  });

  await test.step('an unknown URL ends on the dashboard, preferences intact', async () => {
    await page.goto('/no/such/page');
    await expectDashboard(page, account, 'en');
    await expectTheme(page, 'dark');
  });

  await test.step('logout clears all local storage and lands on /login', async () => {
    await logoutViaUserMenu(page);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('github-signin')).toBeVisible();
    await expect.poll(() => storageKeys(page)).toEqual([]);
    // Nothing remembered: a fresh load is the first-visit default again, Turkish and light.
    await page.reload();
    await expectLoginPage(page, 'tr');
    await expectTheme(page, 'light');
  });
});
