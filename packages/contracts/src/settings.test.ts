import { describe, expect, it } from 'vitest';
import { ValidationMessages as M } from './messages.js';
import {
  DEFAULT_USER_SETTINGS,
  isTimeZone,
  UpdateUserSettingsBody,
  UserSettingsSchema,
} from './settings.js';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('user settings (spec §3)', () => {
  it('time zones are IANA names Intl knows', () => {
    for (const zone of ['Europe/Istanbul', 'UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+3'])
      expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ['Mars/Olympus', '+03:00', 'TRT ', '', 'Europe/', '../etc'])
      expect(isTimeZone(zone), zone).toBe(false);
  });

  it('a partial document names each bad value on its field', () => {
    expect(
      messagesOf(
        UpdateUserSettingsBody.safeParse({
          notifications: { email: 'yes' },
          preferences: { theme: 'blue', language: 'it', timezone: 'Mars/Olympus' },
        }),
      ),
    ).toEqual([
      ['notifications.email', M.settingBoolean],
      ['preferences.theme', M.invalidTheme],
      ['preferences.language', M.invalidLanguage],
      ['preferences.timezone', M.invalidTimezone],
    ]);
    expect(UpdateUserSettingsBody.safeParse({}).success).toBe(true);
    expect(UpdateUserSettingsBody.safeParse({ preferences: { language: 'de' } }).success).toBe(
      true,
    );
  });

  it('refuses settings it does not know, rather than pretend to save them', () => {
    expect(UpdateUserSettingsBody.safeParse({ notification: { email: false } }).success).toBe(
      false,
    );
    expect(UpdateUserSettingsBody.safeParse({ preferences: { langauge: 'en' } }).success).toBe(
      false,
    );
  });

  it('the defaults are a valid document', () => {
    expect(
      UserSettingsSchema.parse({ ...DEFAULT_USER_SETTINGS, chosenPreferences: [] }),
    ).toMatchObject({ preferences: { theme: 'system', language: 'tr', timezone: null } });
  });
});
