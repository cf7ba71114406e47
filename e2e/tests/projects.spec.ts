import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectTheme, newAccount } from './support/app.js';
import { ANALYSIS_TABS, analysisTexts } from './support/analyses.js';
import { analyticsTexts } from './support/analytics.js';
import { pullRequestTexts } from './support/pull-requests.js';
import { reviewTexts } from './support/reviews.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { SCREENSHOT_DIR } from './support/paths.js';
import {
  addMemberViaApi,
  createProjectViaApi,
  openSignedIn,
  projectTexts,
  registerSession,
} from './support/projects.js';
import { LANGUAGES, THEMES } from './support/texts.js';
import { notificationTexts } from './support/notifications.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A full-page screenshot under e2e/output/screenshots/<label>.png, attached to the report. */
async function shoot(page: Page, label: string, testInfo: TestInfo) {
  const file = path.join(SCREENSHOT_DIR, `${label}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await testInfo.attach(label, { path: file, contentType: 'image/png' });
}

/** A project's journey, once per language, against the real server and database. */
for (const lang of LANGUAGES) {
  test(`projects (${lang}): create with two repositories → search → edit → team → delete`, async ({
    page,
  }, testInfo) => {
    const t = projectTexts[lang];
    const tag = randomUUID().slice(0, 6);
    const name = lang === 'tr' ? `Ödeme Servisi ${tag}` : `Payments Service ${tag}`;
    const search = lang === 'tr' ? 'odeme SERVİSİ' : 'PAYMENTS service';
    const member = lang === 'tr' ? 'Zeynep Çelik' : 'Grace Hopper';

    const session = await registerSession(page.request, newAccount(`projects-${lang}`));
    // Another project, so the search has something to leave out.
    const other = await createProjectViaApi(page.request, session, { name: `Mobile ${tag}` });
    await openSignedIn(page, session, { language: lang, theme: 'light' }, '/projects');
    await expect(page.getByRole('heading', { level: 1, name: t.pageTitle })).toBeVisible();
    await expect(page.getByRole('article', { name: other.name })).toBeVisible();

    let projectId = '';
    await test.step('create: spec §5 messages first, then a project with two repositories', async () => {
      await page.getByRole('button', { name: t.newProject, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t.createDialog });
      await expect(dialog.getByLabel(t.name, { exact: true })).toBeFocused();
      // A one-letter name and a bad URL: both are reported by the first submit, not one per try.
      await dialog.getByLabel(t.name, { exact: true }).fill('a');
      await dialog.getByTestId('repo-row-0').getByLabel(t.repoUrl).fill('ftp://example.com/x');
      await dialog.getByRole('button', { name: t.create }).click();
      await expect(dialog.getByText(t.projectNameMin)).toBeVisible();
      await expect(
        dialog.getByTestId('repo-row-0').getByText(t.invalidRepositoryUrl),
      ).toBeVisible();

      await dialog.getByLabel(t.name, { exact: true }).fill(name);
      await dialog.getByLabel(t.description, { exact: true }).fill('Card payments and refunds');
      await dialog
        .getByLabel(t.reviewPrompt, { exact: true })
        .fill('Check error handling.\nFlag any logging of card numbers.');
      const first = dialog.getByTestId('repo-row-0');
      // Empty: the repository's default branch, whatever it is named.
      await expect(first.getByLabel(t.branch)).toHaveValue('');
      await first.getByLabel(t.repoUrl).fill('https://github.com/rota-e2e/payments-api');
      await dialog.getByRole('button', { name: t.addRepo }).click();
      const second = dialog.getByTestId('repo-row-1');
      await expect(second.getByLabel(t.repoUrl)).toBeFocused();
      await second.getByLabel(t.repoUrl).fill('git@gitlab.com:rota-e2e/platform/ledger.git');
      await second.getByLabel(t.branch).fill('develop');

      const request = page.waitForRequest(
        (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/projects',
      );
      await dialog.getByRole('button', { name: t.create }).click();
      expect((await request).postDataJSON()).toEqual({
        name,
        description: 'Card payments and refunds',
        review_prompt: 'Check error handling.\nFlag any logging of card numbers.',
        repos: [
          { url: 'https://github.com/rota-e2e/payments-api' },
          { url: 'git@gitlab.com:rota-e2e/platform/ledger.git', branch: 'develop' },
        ],
      });
      await expect(page.getByText(t.created(name))).toBeVisible();
      await expect(dialog).toBeHidden();

      // A new project opens on its own page, its repositories parsed by the server.
      await expect(page).toHaveURL(new RegExp(`/projects/${UUID}$`));
      projectId = new URL(page.url()).pathname.split('/').pop() ?? '';
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      const repos = page.getByRole('region', { name: new RegExp(t.reposSection) });
      await expect(repos.getByRole('link', { name: /rota-e2e\/payments-api/ })).toHaveAttribute(
        'href',
        'https://github.com/rota-e2e/payments-api',
      );
      await expect(repos.getByRole('link', { name: /rota-e2e\/platform\/ledger/ })).toHaveAttribute(
        'href',
        'https://gitlab.com/rota-e2e/platform/ledger',
      );
      await expect(repos.getByRole('listitem')).toHaveCount(2);
      await expect(repos).toContainText('develop');
      // With repositories, the pull requests', reviews', analytics', working agreements' and
      // analyses' tabs join the overview; the chat notifications' tab, a settings place, is last.
      await expect(page.getByRole('tab')).toHaveText([
        t.overviewTab,
        pullRequestTexts[lang].tab,
        reviewTexts[lang].tab,
        analyticsTexts[lang].tab,
        notificationTexts[lang].agreementsTab,
        ...ANALYSIS_TABS.map((tab) => analysisTexts[lang].tabs[tab]),
        notificationTexts[lang].chatTab,
      ]);
    });

    await test.step('search: finds it regardless of case and Turkish letters, survives a reload', async () => {
      await page.getByRole('navigation').getByRole('link', { name: t.pageTitle }).click();
      await expect(page.getByRole('article')).toHaveCount(2);
      await page.getByRole('searchbox', { name: t.search }).fill(search);
      await expect(page).toHaveURL(/\?q=/);
      await expect(page.getByRole('article')).toHaveCount(1);
      await expect(page.getByRole('article', { name })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('searchbox', { name: t.search })).toHaveValue(search);
      await expect(page.getByRole('article')).toHaveCount(1);
      await expect(page.getByRole('article', { name })).toBeVisible();
    });

    await test.step('edit: add a repository and make it inactive', async () => {
      const card = page.getByRole('article', { name });
      await card.getByRole('button').click();
      await page.getByRole('menuitem', { name: t.edit }).click();
      const dialog = page.getByRole('dialog', { name: t.editDialog(name) });
      await expect(dialog.getByTestId('repo-row-1').getByLabel(t.branch)).toHaveValue('develop');
      await dialog.getByRole('button', { name: t.addRepo }).click();
      await dialog
        .getByTestId('repo-row-2')
        .getByLabel(t.repoUrl)
        .fill('https://bitbucket.org/rota-e2e/mobile-app');
      await dialog.getByLabel(t.status, { exact: true }).selectOption('inactive');
      const request = page.waitForRequest(
        (r) => r.method() === 'PUT' && r.url().endsWith(`/api/projects/${projectId}`),
      );
      await dialog.getByRole('button', { name: t.save }).click();
      const body = (await request).postDataJSON() as { status: string; repos: unknown[] };
      expect(body.status).toBe('inactive');
      expect(body.repos).toHaveLength(3);
      await expect(page.getByText(t.updated(name))).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(card).toContainText(t.statusInactive);
      await expect(card).toContainText(t.repoCount(3));

      // The status filter keeps it under "inactive" and drops it under "active".
      const status = page.getByRole('combobox', { name: t.status });
      await status.selectOption('inactive');
      await expect(page).toHaveURL(/status=inactive/);
      await expect(card).toBeVisible();
      await status.selectOption('active');
      await expect(page.getByRole('heading', { name: t.noMatches })).toBeVisible();
      await status.selectOption('all');
      await expect(card).toBeVisible();
    });

    await test.step('team: add a member, then remove them after confirming', async () => {
      await page.getByRole('article', { name }).getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
      await expect(
        page.getByRole('region', { name: new RegExp(t.reposSection) }).getByRole('listitem'),
      ).toHaveCount(3);
      const team = page.getByRole('region', { name: new RegExp(t.teamSection) });
      await team.getByLabel(t.memberName, { exact: true }).fill(member);
      await team.getByLabel(t.memberRole, { exact: true }).fill('Backend');
      await team.getByRole('button', { name: t.addMember }).click();
      await expect(page.getByText(t.memberAdded(member))).toBeVisible();
      await expect(team.getByRole('listitem')).toContainText([member]);

      await team.getByRole('button', { name: t.removeMember(member) }).click();
      const dialog = page.getByRole('dialog', { name: t.removeMemberDialog });
      await dialog.getByRole('button', { name: t.removeMemberConfirm }).click();
      await expect(dialog).toBeHidden();
      await expect(team.getByText(t.noTeam)).toBeVisible();
    });

    await test.step('delete: the confirmation names it and what goes; Escape keeps it', async () => {
      await page.getByRole('button', { name: t.delete, exact: true }).click();
      let dialog = page.getByRole('dialog', { name: t.deleteDialog });
      await expect(dialog).toContainText(t.deleteNames(name));
      await expect(dialog.getByTestId('delete-repos')).toHaveText(t.deleteRepos(3));
      await expect(dialog.getByTestId('delete-members')).toHaveText(t.deleteMembers(0));
      await shoot(page, `project-delete-${lang}-light`, testInfo);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

      await page.getByRole('button', { name: t.delete, exact: true }).click();
      dialog = page.getByRole('dialog', { name: t.deleteDialog });
      await dialog.getByRole('button', { name: t.deleteConfirm }).click();
      await expect(page).toHaveURL(/\/projects$/);
      await expect(page.getByText(t.deleted(name))).toBeVisible();
      await expect(page.getByRole('article', { name: other.name })).toBeVisible();
      await expect(page.getByRole('article', { name })).toHaveCount(0);
      const gone = await page.request.get(`/api/projects/${projectId}`, {
        headers: { Authorization: `Bearer ${session.token}` },
      });
      expect(gone.status()).toBe(404);
    });
  });
}

test('projects: the create dialog works from the keyboard alone', async ({ page }) => {
  const t = projectTexts.en;
  const session = await registerSession(page.request, newAccount('projects-keyboard'));
  await openSignedIn(page, session, { language: 'en', theme: 'light' }, '/projects');
  await expect(page.getByRole('heading', { name: t.emptyTitle })).toBeVisible();

  const opener = page.getByRole('button', { name: t.newProject, exact: true });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: t.createDialog });
  await expect(dialog.getByLabel(t.name, { exact: true })).toBeFocused();
  await page.keyboard.type('Keyboard project');

  // Focus stays inside the dialog both ways round.
  for (let i = 0; i < 15; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);

  // Escape closes and gives focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Again, to the end: a URL typed, Enter submits.
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel(t.name, { exact: true })).toBeFocused();
  await page.keyboard.type('Keyboard project');
  await dialog.getByTestId('repo-row-0').getByLabel(t.repoUrl).focus();
  await page.keyboard.type('https://github.com/rota-e2e/keyboard');
  await page.keyboard.press('Enter');
  await expect(page.getByText(t.created('Keyboard project'))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Keyboard project' })).toBeVisible();
});

/**
 * The projects list, an open create dialog and a project page, in both languages and themes:
 * screenshots under e2e/output/screenshots/ and axe (no serious or critical violations).
 */
for (const lang of LANGUAGES) {
  for (const theme of THEMES) {
    test(`projects screens, ${lang}, ${theme}: screenshots and axe`, async ({ page }, testInfo) => {
      const t = projectTexts[lang];
      const session = await registerSession(page.request, newAccount(`projects-a11y-${lang}`));
      const main = await createProjectViaApi(page.request, session, {
        name: lang === 'tr' ? 'Ödeme Platformu' : 'Payments Platform',
        description:
          lang === 'tr'
            ? 'Kart ödemeleri, iadeler ve mutabakat servisleri.'
            : 'Card payments, refunds and reconciliation services.',
        review_prompt:
          lang === 'tr'
            ? 'Hata yönetimine ve kart numaralarının loglanmamasına dikkat et.'
            : 'Pay attention to error handling and never log card numbers.',
        repos: [
          { url: 'https://github.com/rota-e2e/payments-api' },
          { url: 'git@gitlab.com:rota-e2e/platform/ledger.git', branch: 'develop' },
          { url: 'https://bitbucket.org/rota-e2e/mobile-app', name: 'Mobile app' },
        ],
      });
      await addMemberViaApi(page.request, session, main.id, {
        name: 'Ayşe Kaya',
        role: 'Tech lead',
        github_login: 'aysekaya',
        contributions: 42,
      });
      await createProjectViaApi(page.request, session, {
        name: lang === 'tr' ? 'Eski CRM' : 'Legacy CRM',
        status: 'archived',
      });

      await openSignedIn(page, session, { language: lang, theme }, '/projects');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expectTheme(page, theme);
      await expect(page.getByRole('article')).toHaveCount(2);
      await shoot(page, `projects-${lang}-${theme}`, testInfo);
      await expectNoSeriousAxeViolations(page, testInfo, `projects-${lang}-${theme}`);

      // Tall enough that the screenshot shows the whole dialog, not only what fits in 720 px.
      const viewport = page.viewportSize();
      await page.setViewportSize({ width: viewport?.width ?? 1280, height: 1400 });
      await page.getByRole('button', { name: t.newProject, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t.createDialog });
      await expect(dialog.getByLabel(t.name, { exact: true })).toBeFocused();
      await shoot(page, `project-create-${lang}-${theme}`, testInfo);
      await expectNoSeriousAxeViolations(page, testInfo, `project-create-${lang}-${theme}`);
      // The same dialog showing its errors (screenshot only: same elements, error colours).
      await dialog.getByRole('button', { name: t.addRepo }).click();
      await dialog.getByTestId('repo-row-1').getByLabel(t.repoUrl).fill('ftp://nope');
      await dialog.getByRole('button', { name: t.create }).click();
      await expect(dialog.getByText(t.projectNameMin)).toBeVisible();
      await shoot(page, `project-create-errors-${lang}-${theme}`, testInfo);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      if (viewport) await page.setViewportSize(viewport);

      await page.getByRole('link', { name: main.name }).click();
      await expect(page.getByRole('heading', { level: 1, name: main.name })).toBeVisible();
      await expect(page.getByRole('region', { name: new RegExp(t.teamSection) })).toContainText(
        'Ayşe Kaya',
      );
      await shoot(page, `project-detail-${lang}-${theme}`, testInfo);
      await expectNoSeriousAxeViolations(page, testInfo, `project-detail-${lang}-${theme}`);
    });
  }
}
