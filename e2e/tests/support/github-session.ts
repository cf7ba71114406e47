import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectDashboard } from './app.js';
import type { GitHubPerson } from './github-double.js';
import { createProjectViaApi, type CreatedProject, type Session } from './projects.js';
import { texts } from './texts.js';

/**
 * Signs `person` in with GitHub (the double approves them: call `onGitHub` first) from the Turkish
 * login page at desktop width, and creates, through the API, a project on one of their GitHub
 * repositories. What the review, webhook and analytics specs all start from.
 */
export async function signInWithGitHubAndCreateProject(
  page: Page,
  request: APIRequestContext,
  person: GitHubPerson,
  project: { name: string; repo: string },
): Promise<CreatedProject> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await page.getByRole('button', { name: texts.tr.githubSignIn }).click();
  await expectDashboard(page, { name: person.name, email: person.email, password: '' }, 'tr');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return createProjectViaApi(request, { token: token! } as Session, {
    name: project.name,
    repos: [{ url: `https://github.com/${person.login}/${project.repo}` }],
  });
}
