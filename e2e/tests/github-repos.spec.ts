import { expect, test } from '@playwright/test';
import { expectDashboard } from './support/app.js';
import { newGitHubPerson, onGitHub, onGitHubRepositories } from './support/github-double.js';
import { texts } from './support/texts.js';

/**
 * Repositories: a user signed in with GitHub picks one of their GitHub repositories in
 * the create modal (searching for it), creates the project, and its page shows the GitHub numbers
 * once the background refresh has read them from the GitHub double.
 */
const { tr } = texts;

test('picks a GitHub repository in the create modal; the project page shows its GitHub numbers', async ({
  page,
  request,
}) => {
  const person = newGitHubPerson('picker', 'Selin Aydın');
  await onGitHub(request, person);
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();
  await onGitHubRepositories(request, [
    ...Array.from({ length: 12 }, (_, n) => ({
      owner: person.login,
      name: `tool-${n}`,
      pushedAt: day(n),
    })),
    {
      owner: person.login,
      name: 'payments',
      stargazers: 1234,
      forks: 56,
      language: 'TypeScript',
      pushedAt: day(1),
      defaultBranch: 'develop',
      activity: {
        commits: [{ message: 'Charge cards', author: person.login, date: day(1) }],
        contributors: [{ login: person.login, contributions: 77 }],
        pulls: [
          { number: 3, title: 'Refunds', author: person.login, head: 'refunds', createdAt: day(1) },
        ],
      },
    },
  ]);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await page.getByRole('button', { name: tr.githubSignIn }).click();
  await expectDashboard(page, { name: person.name, email: person.email, password: '' }, 'tr');
  await page.goto('/projects');

  await page.getByRole('button', { name: 'Yeni proje', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Yeni proje' });
  await dialog.getByLabel('Proje adı', { exact: true }).fill('Ödemeler');
  await dialog.getByRole('button', { name: "GitHub'dan seç" }).click();
  const picker = dialog.getByRole('region', { name: 'GitHub depolarınız' });
  await expect(picker.getByRole('status')).toHaveText('13 depo · sayfa 1 / 2');
  await picker.getByLabel('GitHub depolarınızda arayın').fill('paym');
  await expect(picker.getByRole('status')).toHaveText('1 depo · sayfa 1 / 1');
  // By keyboard: the only repository left, focused, is picked with Enter.
  const choice = picker.getByRole('button', { name: `${person.login}/payments` });
  await choice.focus();
  await page.keyboard.press('Enter');
  const row = dialog.getByTestId('repo-row-0');
  await expect(row.getByLabel('Depo adresi')).toHaveValue(
    `https://github.com/${person.login}/payments`,
  );
  // The branch is the repository's default branch on GitHub.
  await expect(row.getByLabel('Dal')).toHaveValue('develop');
  await dialog.getByRole('button', { name: 'Projeyi oluştur' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Ödemeler' })).toBeVisible();
  const github = page.getByRole('region', { name: 'GitHub' });
  // The refresh runs in the background: until it has, the page says so in words.
  await expect(async () => {
    await page.reload();
    await expect(github.getByText('Yıldız')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(github).toContainText('1.234');
  await expect(github).toContainText('56');
  await expect(github).toContainText(person.login);
  await expect(github.getByTestId('github-freshness')).toContainText("GitHub'dan");
});
