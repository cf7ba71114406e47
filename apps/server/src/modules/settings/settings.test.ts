import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS, ValidationMessages as M } from '@rota/contracts';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { useTestApp } from '../../testing/test-app.js';

const ctx = useTestApp({ startQueue: false });

const getSettings = async (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/user/settings', headers: bearer(token) });
const putSettings = (token: string, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/user/settings',
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });

describe('GET /api/user/settings', () => {
  it("answers Rota's defaults to a user who chose nothing", async () => {
    const account = await registerUser(ctx.app);
    const response = await getSettings(account.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      notifications: {
        email: true,
        push: false,
        prAssigned: true,
        prMentioned: true,
        prReviewed: true,
        prMerged: false,
        agreementBroken: true,
        workFailed: true,
        digest: 'weekly',
        digestHour: 9,
        digestWeekday: 1,
      },
      integrations: { github: true, gitlab: false, bitbucket: false },
      preferences: { theme: 'system', language: 'tr', timezone: null },
      chosenPreferences: [],
    });
  });

  it('needs a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/settings' })).statusCode).toBe(
      401,
    );
  });
});

describe('PUT /api/user/settings', () => {
  it('takes part of the document, keeps the rest, and answers the whole', async () => {
    const account = await registerUser(ctx.app);
    const first = await putSettings(account.token, {
      preferences: { language: 'en', timezone: 'Europe/Istanbul' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      preferences: { theme: 'system', language: 'en', timezone: 'Europe/Istanbul' },
      chosenPreferences: ['language', 'timezone'],
    });
    const second = await putSettings(account.token, {
      notifications: { prMerged: true, email: false },
      integrations: { gitlab: true },
      preferences: { theme: 'dark' },
    });
    expect(second.json().data).toEqual({
      notifications: { ...DEFAULT_USER_SETTINGS.notifications, prMerged: true, email: false },
      integrations: { github: true, gitlab: true, bitbucket: false },
      preferences: { theme: 'dark', language: 'en', timezone: 'Europe/Istanbul' },
      chosenPreferences: ['theme', 'language', 'timezone'],
    });
    expect((await getSettings(account.token)).json().data).toEqual(second.json().data);
  });

  it('stores the languages the web does not offer yet, and null for the browser’s time zone', async () => {
    const account = await registerUser(ctx.app);
    for (const language of ['de', 'fr', 'es', 'tr'] as const) {
      const response = await putSettings(account.token, { preferences: { language } });
      expect(response.json().data.preferences.language).toBe(language);
    }
    await putSettings(account.token, { preferences: { timezone: 'UTC' } });
    const reset = await putSettings(account.token, { preferences: { timezone: null } });
    expect(reset.json().data.preferences.timezone).toBeNull();
    expect(reset.json().data.chosenPreferences).toContain('timezone');
  });

  it.each([
    [{ preferences: { timezone: 'Mars/Olympus' } }, 'preferences.timezone', M.invalidTimezone],
    [{ preferences: { timezone: '+03:00' } }, 'preferences.timezone', M.invalidTimezone],
    [{ preferences: { language: 'it' } }, 'preferences.language', M.invalidLanguage],
    [{ preferences: { theme: 'sepia' } }, 'preferences.theme', M.invalidTheme],
    [{ notifications: { push: 'yes' } }, 'notifications.push', M.settingBoolean],
    [{ integrations: { github: 1 } }, 'integrations.github', M.settingBoolean],
  ])(
    'refuses %j with 400 and the contract message, and changes nothing',
    async (payload, path, message) => {
      const account = await registerUser(ctx.app);
      await putSettings(account.token, { preferences: { language: 'en', timezone: 'Asia/Tokyo' } });
      const before = (await getSettings(account.token)).json().data;
      // A valid part beside the bad one is not saved either.
      const response = await putSettings(account.token, {
        ...payload,
        notifications: { prMerged: true, ...(payload as { notifications?: object }).notifications },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
      expect(response.json().error.errors).toContainEqual({ path, message });
      expect((await getSettings(account.token)).json().data).toEqual(before);
    },
  );

  it('refuses a setting it does not know rather than pretend to save it', async () => {
    const account = await registerUser(ctx.app);
    for (const payload of [
      { preferences: { langauge: 'en' } },
      { notification: { email: false } },
    ]) {
      const response = await putSettings(account.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await getSettings(account.token)).json().data.chosenPreferences).toEqual([]);
  });

  it('keeps both of two saves made at the same moment, and each user’s settings their own', async () => {
    const account = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    await Promise.all([
      putSettings(account.token, { preferences: { theme: 'light' } }),
      putSettings(account.token, { preferences: { language: 'en' } }),
      putSettings(account.token, { notifications: { push: true } }),
    ]);
    const saved = (await getSettings(account.token)).json().data;
    expect(saved.preferences).toMatchObject({ theme: 'light', language: 'en' });
    expect(saved.notifications.push).toBe(true);
    expect((await getSettings(other.token)).json().data.chosenPreferences).toEqual([]);
  });
});
