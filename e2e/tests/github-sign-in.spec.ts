import { expect, test } from '@playwright/test';
import { expectDashboard, expectLoginPage, seedPreferences } from './support/app.js';
import { newGitHubPerson, onGitHub } from './support/github-double.js';
import { texts } from './support/texts.js';

/**
 * Sign-in with GitHub, through the GitHub double on loopback: the login page's button,
 * GitHub's authorize page (the double approves at once), Rota's callback, /auth/callback.
 */
const { tr } = texts;

test('signs in with GitHub from a deep link and lands back on it, with no token left in the URL', async ({
  page,
  request,
}) => {
  const person = newGitHubPerson('deep', 'Ekin Arslan');
  await onGitHub(request, person);
  await page.goto('/projects');
  await expectLoginPage(page, 'tr');
  const button = page.getByRole('button', { name: tr.githubSignIn });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page).toHaveURL((url) => url.pathname === '/projects');
  expect(new URL(page.url()).hash).toBe('');
  await page.goto('/dashboard');
  await expectDashboard(page, { name: person.name, email: person.email, password: '' }, 'tr');
  await page.getByTestId('user-menu').click();
  await expect(page.getByText(person.email)).toBeVisible();
});

test('a second GitHub sign-in finds the same account', async ({ page, request }) => {
  const person = newGitHubPerson('again', 'Deniz Kara');
  await onGitHub(request, person);
  const ids: string[] = [];
  for (let round = 0; round < 2; round += 1) {
    await page.goto('/login');
    await page.getByRole('button', { name: tr.githubSignIn }).click();
    await expectDashboard(page, { name: person.name, email: person.email, password: '' }, 'tr');
    ids.push(
      await page.evaluate(async () => {
        const response = await fetch('/api/auth/verify', {
          headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
        });
        return ((await response.json()) as { data: { user: { id: string } } }).data.user.id;
      }),
    );
    await page.evaluate(() => localStorage.clear());
  }
  const [first, second] = ids;
  expect(first).toBeTruthy();
  expect(second).toBe(first);
});

test('a denied GitHub sign-in says why in English, and leads back to the login page', async ({
  page,
  request,
}) => {
  await onGitHub(request, newGitHubPerson('deny', 'Ada Demir'), { deny: true });
  await seedPreferences(page, { language: 'en' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await page.getByRole('button', { name: texts.en.githubSignIn }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/auth/callback');
  await expect(page.getByRole('alert')).toHaveText(
    'GitHub sign-in was cancelled: access to your GitHub account was not granted. You can try again or sign in with your email and password.',
  );
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expectLoginPage(page, 'en');
});
