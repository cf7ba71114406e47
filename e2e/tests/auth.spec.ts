import { expect, test } from '@playwright/test';
import { expectLoginPage, newAccount, registerViaApi, storageKeys } from './support/app.js';
import { texts } from './support/texts.js';

const tr = texts.tr;

test.describe('without a stored token', () => {
  // Test titles must be the same in every process, so the id here is fixed.
  const protectedPaths = [
    '/',
    '/dashboard',
    '/projects',
    '/settings',
    '/analyze-full/0b6f3a2e-7c1d-4e5f-9a8b-1c2d3e4f5a6b',
  ];
  for (const path of protectedPaths) {
    test(`${path} redirects to /login`, async ({ page }) => {
      await page.goto(path);
      await expectLoginPage(page, 'tr');
      // The page asked for rides along, so signing in returns to it; the default needs no note.
      const next = new URL(page.url()).searchParams.get('next');
      expect(next).toBe(path === '/' || path === '/dashboard' ? null : path);
      expect(await storageKeys(page)).not.toContain('token');
    });
  }
});

test('the register form shows the spec §5 messages in Turkish without calling the server', async ({
  page,
}) => {
  const registerCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/register')) registerCalls.push(request.method());
  });
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: tr.registerTitle })).toBeVisible();

  const name = page.getByLabel(tr.name, { exact: true });
  const email = page.getByLabel(tr.email, { exact: true });
  const password = page.getByLabel(tr.password, { exact: true });
  const confirm = page.getByLabel(tr.confirmPassword, { exact: true });
  const submit = page.getByRole('button', { name: tr.registerSubmit, exact: true });

  await name.fill('A');
  await email.fill('not-an-email');
  await password.fill('short');
  await confirm.fill('something-else');
  await submit.click();
  await expect(page.getByText(tr.nameMin)).toBeVisible();
  await expect(page.getByText(tr.invalidEmail)).toBeVisible();
  await expect(page.getByText(tr.passwordMin)).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');

  // Each password rule in turn, then the confirmation, each with its own message.
  const rules = [
    ['lowercase-only-1', tr.passwordUppercase],
    ['UPPERCASE-ONLY-1', tr.passwordLowercase],
    ['No-Digits-Here', tr.passwordNumber],
  ] as const;
  for (const [value, message] of rules) {
    await password.fill(value);
    await submit.click();
    await expect(page.getByText(message)).toBeVisible();
  }
  await name.fill('Deniz Yılmaz');
  await email.fill('deniz@example.com');
  await password.fill('Valid-Passw0rd');
  await confirm.fill('Other-Passw0rd');
  await submit.click();
  await expect(page.getByText(tr.passwordsDontMatch)).toBeVisible();
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(tr.nameMin)).toHaveCount(0);
  await expect(page.getByText(tr.passwordMin)).toHaveCount(0);

  await expect(page).toHaveURL(/\/register$/);
  expect(registerCalls, 'the form must not call the server while it is invalid').toEqual([]);
});

test('registering an e-mail that is taken shows the server error', async ({ page, request }) => {
  const account = newAccount('duplicate');
  await registerViaApi(request, account);

  await page.goto('/register');
  await page.getByLabel(tr.name, { exact: true }).fill('Someone Else');
  // Upper case: e-mails are normalised, so this is still the same account.
  await page.getByLabel(tr.email, { exact: true }).fill(account.email.toUpperCase());
  await page.getByLabel(tr.password, { exact: true }).fill(account.password);
  await page.getByLabel(tr.confirmPassword, { exact: true }).fill(account.password);
  const response = page.waitForResponse(
    (r) => r.url().endsWith('/api/auth/register') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: tr.registerSubmit, exact: true }).click();
  expect((await response).status()).toBe(409);
  // Said once, above the form: an answer about what was typed is no toast.
  await expect(page.getByTestId('form-error')).toContainText(tr.emailTaken);
  await expect(page.getByRole('button', { name: tr.registerSubmit, exact: true })).toBeEnabled();
  await expect(page.getByText(tr.emailTaken)).toHaveCount(1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expect(page).toHaveURL(/\/register$/);
  expect(await storageKeys(page)).not.toContain('token');
});
