import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { loginViaUi, newAccount, registerViaApi } from './support/app.js';
import { texts } from './support/texts.js';

const tr = texts.tr;

test('/analyze-full/:id renders its own page outside the shell, not a blank one', async ({
  page,
  request,
}) => {
  const account = newAccount('analysis');
  await registerViaApi(request, account);
  await loginViaUi(page, account, 'tr');

  const id = randomUUID();
  await page.goto(`/analyze-full/${id}`);
  await expect(page).toHaveURL(new RegExp(`/analyze-full/${id}$`));
  await expect(page.getByRole('heading', { name: tr.analysisTitle })).toBeVisible();
  // No such project: the page says so in words rather than showing nothing. The id from the
  // address is not printed: it is no name (summaries.spec.ts holds the not-found text).
  await expect(page.getByRole('heading', { name: tr.projectNotFound })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(id);
  // Outside the protected shell: no header menus, no footer.
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await expect(page.getByTestId('language-menu')).toHaveCount(0);
  await expect(page.getByText(tr.footerCredit)).toHaveCount(0);
});
