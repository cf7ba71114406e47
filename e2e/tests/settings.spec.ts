import { expect, test, type Page } from '@playwright/test';
import { expectTheme, fillLogin, newAccount, storedValue } from './support/app.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { expectNoSideScroll, PHONE } from './support/phone.js';
import { openSignedIn, registerSession } from './support/projects.js';
import { LANGUAGES, texts, THEMES, type Language } from './support/texts.js';

/**
 * /settings (spec §3 User settings): every section in both languages, from phone to desktop, axe
 * clean; a section saves on its own with a toast; saved preferences switch the theme and language
 * at once, and take over again after signing in on a fresh browser.
 */

const settingsTexts = {
  tr: {
    title: 'Ayarlar',
    sections: ['Profil', 'Güvenlik', 'GitHub', 'Bildirimler', 'Entegrasyonlar', 'Tercihler'],
    name: 'Ad',
    save: 'Kaydet',
    profileSaved: 'Profil kaydedildi',
    nameMin: 'Ad en az 2 karakter olmalıdır',
    emailHint: 'E-posta adresini değiştirmek henüz mümkün değil.',
    dark: 'Koyu',
    language: 'Dil',
    timezone: 'Saat dilimi',
    notificationsSaved: 'Bildirim ayarları kaydedildi',
    merged: 'Projelerimde bir çekme isteği birleştirildiğinde',
    preferencesSaved: 'Tercihler kaydedildi',
  },
  en: {
    title: 'Settings',
    sections: ['Profile', 'Security', 'GitHub', 'Notifications', 'Integrations', 'Preferences'],
    name: 'Name',
    save: 'Save',
    profileSaved: 'Profile saved',
    nameMin: 'Name must be at least 2 characters',
    emailHint: 'Changing the email address is not offered yet.',
    dark: 'Dark',
    language: 'Language',
    timezone: 'Time zone',
    notificationsSaved: 'Notification settings saved',
    merged: 'A pull request in my projects is merged',
    preferencesSaved: 'Preferences saved',
  },
} as const;

const sectionOf = (page: Page, testId: string) => page.getByTestId(testId);

async function expectSettingsPage(page: Page, lang: Language) {
  const t = settingsTexts[lang];
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  for (const name of t.sections)
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test('settings in both languages and themes, phone to desktop: every section, no sideways scroll, axe clean', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const session = await registerSession(request, newAccount('settings-pages'));
  for (const lang of LANGUAGES) {
    for (const theme of THEMES) {
      for (const [size, viewport] of [
        ['desktop', { width: 1280, height: 900 }],
        ['phone', PHONE],
      ] as const) {
        const label = `settings-${size}-${lang}-${theme}`;
        await test.step(label, async () => {
          await page.setViewportSize(viewport);
          await openSignedIn(page, session, { language: lang, theme }, '/settings');
          await expectSettingsPage(page, lang);
          await expectTheme(page, theme);
          await expect(page.getByTestId('settings-email')).toHaveAccessibleDescription(
            settingsTexts[lang].emailHint,
          );
          await expectNoSideScroll(page, label);
          await expectNoSeriousAxeViolations(page, testInfo, label);
        });
      }
    }
  }
});

test('each section saves on its own, checked as it is typed, with a toast', async ({
  page,
  request,
}) => {
  const account = newAccount('settings-save');
  const session = await registerSession(request, account);
  await openSignedIn(page, session, { language: 'tr', theme: 'light' }, '/settings');
  const t = settingsTexts.tr;
  const profile = sectionOf(page, 'settings-profile');
  const name = profile.getByLabel(t.name, { exact: true });
  await name.fill('A');
  await expect(profile.getByText(t.nameMin)).toBeVisible();
  await name.fill('Deniz Kaya');
  await expect(profile.getByText(t.nameMin)).toHaveCount(0);
  await profile.getByRole('button', { name: t.save }).click();
  await expect(page.getByText(t.profileSaved)).toBeVisible();
  // The rest of the app shows the new name at once.
  await expect(page.getByTestId('user-menu')).toContainText('Deniz Kaya');

  const notifications = sectionOf(page, 'settings-notifications');
  await notifications.getByLabel(t.merged).check();
  await notifications.getByRole('button', { name: t.save, exact: true }).click();
  await expect(page.getByText(t.notificationsSaved)).toBeVisible();

  // Saved on the server: a reload shows both.
  await page.reload();
  await expect(sectionOf(page, 'settings-profile').getByLabel(t.name, { exact: true })).toHaveValue(
    'Deniz Kaya',
  );
  await expect(sectionOf(page, 'settings-notifications').getByLabel(t.merged)).toBeChecked();
});

test('saved preferences switch theme and language at once, and again after signing in on a fresh browser', async ({
  page,
  browser,
  request,
}) => {
  const account = newAccount('settings-prefs');
  const session = await registerSession(request, account);
  await openSignedIn(page, session, { language: 'tr', theme: 'light' }, '/settings');
  const tr = settingsTexts.tr;
  const preferences = sectionOf(page, 'settings-preferences');
  await preferences.getByRole('radio', { name: tr.dark }).check({ force: true });
  await preferences.getByLabel(tr.language, { exact: true }).selectOption('en');
  await preferences.getByLabel(tr.timezone, { exact: true }).selectOption('Asia/Tokyo');
  await preferences.getByRole('button', { name: tr.save }).click();

  // At once, without a reload: dark, English, in the toast too.
  await expect(page.getByText(settingsTexts.en.preferencesSaved)).toBeVisible();
  await expectTheme(page, 'dark');
  await expectSettingsPage(page, 'en');
  expect(await storedValue(page, 'timeZone')).toBe('Asia/Tokyo');

  // A fresh browser starts in Turkish and light (spec §9); signing in brings the saved ones.
  const fresh = await browser.newContext({ colorScheme: 'light', locale: 'en-US' });
  try {
    const other = await fresh.newPage();
    await other.goto('/login');
    await expect(other.getByRole('heading', { name: texts.tr.loginTitle })).toBeVisible();
    await expectTheme(other, 'light');
    await fillLogin(other, account, 'tr');
    await expect(
      other.getByRole('heading', { name: texts.en.greeting(account.name) }),
    ).toBeVisible();
    await expect(other.locator('html')).toHaveAttribute('lang', 'en');
    await expectTheme(other, 'dark');
    expect(await storedValue(other, 'timeZone')).toBe('Asia/Tokyo');
    // And they stay on the next visit.
    await other.goto('/settings');
    await expectSettingsPage(other, 'en');
    await expectTheme(other, 'dark');
    await expect(
      sectionOf(other, 'settings-preferences').getByLabel(settingsTexts.en.language, {
        exact: true,
      }),
    ).toHaveValue('en');
  } finally {
    await fresh.close();
  }
});
