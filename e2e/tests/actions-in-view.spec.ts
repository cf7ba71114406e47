import { expect, test, type Locator, type Page } from '@playwright/test';
import { newAccount } from './support/app.js';
import { shoot } from './support/analyses.js';
import { openSignedIn, projectTexts, registerSession } from './support/projects.js';

/**
 * At a common laptop size (1366×900) the project form's buttons are on screen without scrolling,
 * and a toast covers none of the page's actions at the top (it sits at the bottom).
 */
const LAPTOP = { width: 1366, height: 900 } as const;
test.use({ viewport: LAPTOP });

/** Whether a click at the middle of `target` would reach it (nothing drawn over it). */
async function reachable(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) return false;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (y > LAPTOP.height || x > LAPTOP.width) return false;
  return target.evaluate(
    (element, point) => element.contains(document.elementFromPoint(point.x, point.y)),
    { x, y },
  );
}

test('the project form keeps its actions in view and its input through Escape', async ({
  page,
  request,
}, testInfo) => {
  const session = await registerSession(request, newAccount('form-view'));
  await openSignedIn(page, session, { language: 'tr', theme: 'light' }, '/projects');
  const p = projectTexts.tr;
  await page.getByRole('button', { name: p.newProject }).first().click();
  const dialog = page.getByRole('dialog', { name: p.newProject });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: p.create });
  expect(await reachable(page, submit), 'the submit button is on screen, not scrolled away').toBe(
    true,
  );
  await shoot(page, 'project-form-1366-tr-light', testInfo);

  await dialog.getByLabel('Proje adı').fill('Kaybolmayan ad');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: p.newProject }).first().click();
  await expect(dialog.getByLabel('Proje adı')).toHaveValue('Kaybolmayan ad');
});

test('a toast leaves the actions at the top of the page free', async ({ page, request }) => {
  const session = await registerSession(request, newAccount('toast-free'));
  // Only the list fails; the create button stays, and the failure is a toast.
  await page.route('**/api/projects', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, error: { message: 'boom', code: 'INTERNAL' } }),
        })
      : route.continue(),
  );
  await openSignedIn(page, session, { language: 'en', theme: 'light' }, '/projects');
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toContainText('Failed to fetch projects', { timeout: 20_000 });
  const create = page.getByRole('button', { name: projectTexts.en.newProject }).first();
  await expect(create).toBeVisible();
  expect(await reachable(page, create), 'New project is not under the toast').toBe(true);
  expect(await reachable(page, page.getByTestId('user-menu')), 'the user menu is free').toBe(true);
  const box = await toast.boundingBox();
  expect(box!.y, 'the toast sits in the lower half of the screen').toBeGreaterThan(
    LAPTOP.height / 2,
  );
});
