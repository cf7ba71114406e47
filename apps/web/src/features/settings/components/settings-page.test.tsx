import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ValidationMessages as M } from '@rota/contracts';
import { i18n } from '../../../lib/i18n';
import { currentTimeZone, setTimeZone } from '../../../lib/time-zone';
import { useUiStore } from '../../../lib/ui-store';
import { errorAnswer } from '../../../test/auth-fixtures';
import { ok } from '../../../test/project-fixtures';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import {
  githubTokenFixture,
  profileFixture,
  settingsAnswers,
  settingsFixture,
} from '../../../test/settings-fixtures';
import { SettingsPage } from './settings-page';

afterEach(() => {
  useUiStore.getState().setTheme('system');
  setTimeZone(null);
});

type Answers = Parameters<typeof settingsAnswers>[0];

/** The page with its three reads answered, and every PUT/DELETE to /api/user/* recorded. */
async function openSettings(answers: Answers = {}, onProfileSaved = vi.fn()) {
  const { handlers, writes, record } = settingsAnswers(answers);
  server.use(...handlers);
  const view = renderPage(<SettingsPage onProfileSaved={onProfileSaved} />, '/settings');
  await screen.findByTestId('settings-preferences');
  return { ...view, writes, record, onProfileSaved };
}

const section = (testId: string) => within(screen.getByTestId(testId));

describe('settings page', () => {
  it('shows every section, the e-mail read-only and the role', async () => {
    await openSettings({ profile: profileFixture({ role: 'admin' }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Ayarlar' })).toBeInTheDocument();
    for (const name of [
      'Profil',
      'Güvenlik',
      'GitHub',
      'Bildirimler',
      'Entegrasyonlar',
      'Tercihler',
    ])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    const email = screen.getByTestId('settings-email');
    expect(email).toHaveValue('alice@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription('E-posta adresini değiştirmek henüz mümkün değil.');
    expect(section('settings-profile').getByText('Yönetici')).toBeInTheDocument();
  });
});

describe('profile', () => {
  it("says what is wrong as it is typed, with the contract's rules", async () => {
    await openSettings();
    const profile = section('settings-profile');
    const name = profile.getByLabelText('Ad');
    await userEvent.clear(name);
    await userEvent.type(name, 'A');
    expect(await profile.findByText('Ad en az 2 karakter olmalıdır')).toBeInTheDocument();
    await userEvent.type(profile.getByLabelText('Avatar adresi'), 'http://example.com/me.png');
    expect(await profile.findByText('Avatar bir https:// adresi olmalıdır')).toBeInTheDocument();
  });

  it('saves the name and avatar, confirms with a toast and tells the app', async () => {
    const saved = profileFixture({ name: 'Alice Smith', avatar: 'https://example.com/a.png' });
    const { writes, record, onProfileSaved } = await openSettings();
    server.use(
      http.put('/api/user/profile', async ({ request }) => {
        await record(request);
        return ok(saved);
      }),
    );
    const profile = section('settings-profile');
    await userEvent.clear(profile.getByLabelText('Ad'));
    await userEvent.type(profile.getByLabelText('Ad'), 'Alice Smith');
    await userEvent.type(profile.getByLabelText('Avatar adresi'), 'https://example.com/a.png');
    await userEvent.click(profile.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Profil kaydedildi')).toBeInTheDocument();
    expect(writes.map((write) => write.body)).toEqual([
      { name: 'Alice Smith', avatar: 'https://example.com/a.png' },
    ]);
    expect(onProfileSaved).toHaveBeenCalledWith(saved);
  });

  it("places the server's field errors on their fields", async () => {
    await openSettings();
    server.use(
      http.put('/api/user/profile', () =>
        errorAnswer(400, 'VALIDATION_ERROR', M.nameMin, [{ path: 'name', message: M.nameMin }]),
      ),
    );
    const profile = section('settings-profile');
    await userEvent.click(profile.getByRole('button', { name: 'Kaydet' }));
    expect(await profile.findByText('Ad en az 2 karakter olmalıdır')).toBeInTheDocument();
    expect(profile.getByLabelText('Ad')).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Profil kaydedilemedi')).toBeInTheDocument();
  });
});

describe('security', () => {
  it("checks spec §5's rules as they are typed, then changes the password and keeps the new session", async () => {
    const { writes, record } = await openSettings();
    server.use(
      http.put('/api/user/password', async ({ request }) => {
        await record(request);
        return ok({ token: 'access-2', refreshToken: 'refresh-2' });
      }),
    );
    const security = section('settings-security');
    await userEvent.type(security.getByLabelText('Mevcut şifre'), 'Old1pass');
    await userEvent.type(security.getByLabelText('Yeni şifre'), 'short');
    expect(await security.findByText('Şifre en az 8 karakter olmalıdır')).toBeInTheDocument();
    await userEvent.clear(security.getByLabelText('Yeni şifre'));
    await userEvent.type(security.getByLabelText('Yeni şifre'), 'N3wPassword');
    await userEvent.type(security.getByLabelText('Yeni şifre (tekrar)'), 'N3wPasswor');
    expect(await security.findByText('Şifreler eşleşmiyor')).toBeInTheDocument();
    await userEvent.type(security.getByLabelText('Yeni şifre (tekrar)'), 'd');
    await waitFor(() => expect(security.queryByText('Şifreler eşleşmiyor')).toBeNull());
    await userEvent.click(security.getByRole('button', { name: 'Şifreyi değiştir' }));
    expect(
      await screen.findByText('Şifreniz değiştirildi; diğer oturumlarınız kapatıldı'),
    ).toBeInTheDocument();
    expect(writes.map((write) => write.body)).toEqual([
      { currentPassword: 'Old1pass', newPassword: 'N3wPassword', confirmPassword: 'N3wPassword' },
    ]);
    expect(localStorage.getItem('token')).toBe('access-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(security.getByLabelText('Mevcut şifre')).toHaveValue('');
  });

  it('shows a wrong current password on its field', async () => {
    await openSettings();
    server.use(
      http.put('/api/user/password', () =>
        errorAnswer(400, 'VALIDATION_ERROR', M.currentPasswordWrong, [
          { path: 'currentPassword', message: M.currentPasswordWrong },
        ]),
      ),
    );
    const security = section('settings-security');
    await userEvent.type(security.getByLabelText('Mevcut şifre'), 'Wrong1pass');
    await userEvent.type(security.getByLabelText('Yeni şifre'), 'N3wPassword');
    await userEvent.type(security.getByLabelText('Yeni şifre (tekrar)'), 'N3wPassword');
    await userEvent.click(security.getByRole('button', { name: 'Şifreyi değiştir' }));
    expect(await security.findByText('Mevcut şifre yanlış')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('lets an account made through GitHub set a password without a current one', async () => {
    const { writes, record } = await openSettings({
      profile: profileFixture({ hasPassword: false }),
    });
    server.use(
      http.put('/api/user/password', async ({ request }) => {
        await record(request);
        return ok({ token: 'access-2', refreshToken: 'refresh-2' });
      }),
    );
    const security = section('settings-security');
    expect(security.queryByLabelText('Mevcut şifre')).toBeNull();
    expect(security.getByText(/GitHub ile giriş yapılarak oluşturuldu/)).toBeInTheDocument();
    await userEvent.type(security.getByLabelText('Yeni şifre'), 'N3wPassword');
    await userEvent.type(security.getByLabelText('Yeni şifre (tekrar)'), 'N3wPassword');
    await userEvent.click(security.getByRole('button', { name: 'Şifre belirle' }));
    await waitFor(() =>
      expect(writes.map((write) => write.body)).toEqual([
        { newPassword: 'N3wPassword', confirmPassword: 'N3wPassword' },
      ]),
    );
  });
});

describe('GitHub', () => {
  it('says which token is in use, connects a token and names the scopes it lacks', async () => {
    const { writes, record } = await openSettings({
      githubToken: githubTokenFixture({ signIn: { login: 'alice-gh' }, inUse: 'sign-in' }),
    });
    const github = section('settings-github');
    expect(github.getByTestId('github-token-in-use')).toHaveTextContent(
      'Rota, GitHub ile girişinizin anahtarını kullanıyor (alice-gh).',
    );
    server.use(
      http.put('/api/user/github-token', async ({ request }) => {
        await record(request);
        return ok(
          githubTokenFixture({
            personal: {
              login: 'alice-gh',
              scopes: ['public_repo'],
              missingScopes: ['repo', 'read:org'],
              checkedAt: '2025-06-15T12:00:00Z',
            },
            signIn: { login: 'alice-gh' },
            inUse: 'personal',
          }),
        );
      }),
    );
    await userEvent.type(github.getByLabelText('Kişisel erişim anahtarı'), 'ghp_abc');
    await userEvent.click(github.getByRole('button', { name: 'Bağla' }));
    expect(await screen.findByText('GitHub anahtarı bağlandı')).toBeInTheDocument();
    expect(writes.map((write) => write.body)).toEqual([{ token: 'ghp_abc' }]);
    const missing = github.getByTestId('github-missing-scopes');
    expect(within(missing).getByText('repo')).toBeInTheDocument();
    expect(within(missing).getByText('kuruluş depoları')).toBeInTheDocument();
    expect(github.getByTestId('github-token-in-use')).toHaveTextContent(
      'Rota kişisel erişim anahtarınızı kullanıyor.',
    );
    expect(github.getByLabelText('Kişisel erişim anahtarı')).toHaveValue('');
  });

  it('shows a token GitHub refused on its field, and disconnects a connected one', async () => {
    await openSettings({
      githubToken: githubTokenFixture({
        personal: {
          login: 'alice-gh',
          scopes: null,
          missingScopes: [],
          checkedAt: '2025-06-15T12:00:00Z',
        },
        inUse: 'personal',
      }),
    });
    const github = section('settings-github');
    expect(github.getByText(/ince ayarlı bir anahtar/)).toBeInTheDocument();
    server.use(
      http.put('/api/user/github-token', () =>
        errorAnswer(400, 'VALIDATION_ERROR', M.githubTokenRejected, [
          { path: 'token', message: M.githubTokenRejected },
        ]),
      ),
      http.delete('/api/user/github-token', () => ok(githubTokenFixture())),
    );
    await userEvent.type(github.getByLabelText('Kişisel erişim anahtarı'), 'ghp_bad');
    await userEvent.click(github.getByRole('button', { name: 'Anahtarı değiştir' }));
    expect(await github.findByText('GitHub bu anahtarı kabul etmedi')).toBeInTheDocument();
    await userEvent.click(github.getByRole('button', { name: 'Bağlantıyı kes' }));
    expect(await screen.findByText('GitHub anahtarının bağlantısı kesildi')).toBeInTheDocument();
    expect(github.getByTestId('github-token-in-use')).toHaveTextContent(/GitHub anahtarı yok/);
  });
});

describe('notifications and integrations', () => {
  it('each saves its own part of the settings', async () => {
    const { writes, record } = await openSettings();
    server.use(
      http.put('/api/user/settings', async ({ request }) => {
        await record(request);
        return ok(settingsFixture());
      }),
    );
    const notifications = section('settings-notifications');
    await userEvent.click(
      notifications.getByLabelText('Projelerimde bir çekme isteği birleştirildiğinde'),
    );
    await userEvent.click(notifications.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Bildirim ayarları kaydedildi')).toBeInTheDocument();
    const integrations = section('settings-integrations');
    await userEvent.click(integrations.getByLabelText('GitLab'));
    await userEvent.click(integrations.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Entegrasyon ayarları kaydedildi')).toBeInTheDocument();
    expect(writes.map((write) => write.body)).toEqual([
      {
        notifications: {
          email: true,
          push: false,
          prAssigned: true,
          prMentioned: true,
          prReviewed: true,
          prMerged: true,
          agreementBroken: true,
          workFailed: true,
        },
      },
      { integrations: { github: true, gitlab: true, bitbucket: false } },
    ]);
  });
});

describe('preferences', () => {
  it('shows what this browser has for preferences never chosen, and offers de, fr, es as coming soon', async () => {
    await i18n.changeLanguage('en');
    useUiStore.getState().setTheme('dark');
    await openSettings();
    const preferences = section('settings-preferences');
    expect(preferences.getByLabelText('Language')).toHaveValue('en');
    expect(preferences.getByRole('radio', { name: 'Dark' })).toBeChecked();
    const german = preferences.getByRole('option', { name: 'Deutsch (Coming soon)' });
    expect(german).toBeDisabled();
  });

  it('saves theme, language and time zone and puts them in force at once', async () => {
    const { writes, record } = await openSettings();
    server.use(
      http.put('/api/user/settings', async ({ request }) => {
        await record(request);
        const body = (await request.clone().json()) as { preferences: object };
        return ok(
          settingsFixture({
            preferences: {
              theme: 'dark',
              language: 'en',
              timezone: 'Asia/Tokyo',
              ...body.preferences,
            },
            chosenPreferences: ['theme', 'language', 'timezone'],
          }),
        );
      }),
    );
    const preferences = section('settings-preferences');
    await userEvent.click(preferences.getByRole('radio', { name: 'Koyu' }));
    await userEvent.selectOptions(preferences.getByLabelText('Dil'), 'en');
    await userEvent.selectOptions(preferences.getByLabelText('Saat dilimi'), 'Asia/Tokyo');
    await userEvent.click(preferences.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Preferences saved')).toBeInTheDocument();
    expect(writes.map((write) => write.body)).toEqual([
      { preferences: { theme: 'dark', language: 'en', timezone: 'Asia/Tokyo' } },
    ]);
    expect(document.documentElement).toHaveClass('dark');
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(currentTimeZone()).toBe('Asia/Tokyo');
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  });

  it('sends the browser’s own time zone as null', async () => {
    const { writes, record } = await openSettings({
      settings: settingsFixture({
        preferences: { theme: 'light', language: 'tr', timezone: 'Asia/Tokyo' },
        chosenPreferences: ['theme', 'language', 'timezone'],
      }),
    });
    server.use(
      http.put('/api/user/settings', async ({ request }) => {
        await record(request);
        return ok(
          settingsFixture({
            preferences: { theme: 'light', language: 'tr', timezone: null },
            chosenPreferences: ['theme', 'language', 'timezone'],
          }),
        );
      }),
    );
    setTimeZone('Asia/Tokyo');
    const preferences = section('settings-preferences');
    await userEvent.selectOptions(preferences.getByLabelText('Saat dilimi'), '');
    await userEvent.click(preferences.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(writes.map((write) => write.body)).toEqual([
        { preferences: { theme: 'light', language: 'tr', timezone: null } },
      ]),
    );
    await waitFor(() => expect(currentTimeZone()).toBeUndefined());
  });

  it('says a failed save in a toast and changes nothing in this browser', async () => {
    await openSettings();
    server.use(http.put('/api/user/settings', () => HttpResponse.json({}, { status: 400 })));
    const preferences = section('settings-preferences');
    await userEvent.click(preferences.getByRole('radio', { name: 'Koyu' }));
    await userEvent.click(preferences.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Tercihler kaydedilemedi')).toBeInTheDocument();
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
