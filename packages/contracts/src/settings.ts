import { z } from 'zod';
import { ValidationMessages as M } from './messages.js';
import { DEFAULT_LANGUAGE, LANGUAGES, THEMES } from './preferences.js';

/**
 * A user's settings (spec §3 User settings, §7 `GET/PUT /api/user/settings`): notification flags,
 * integrations and preferences. Stored per user, the same in every browser; what the user never
 * chose follows Rota's defaults below.
 */

/**
 * An IANA time zone name ("Europe/Istanbul", "UTC") that this runtime's Intl knows. Offsets
 * ("+03:00") and abbreviations ("TRT") are not IANA names and are refused.
 */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const flag = z.boolean({ error: M.settingBoolean });

export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** The notification settings that are on/off flags: the channels and each kind. */
export const NotificationFlagsSchema = z.strictObject({
  email: flag,
  push: flag,
  prAssigned: flag,
  prMentioned: flag,
  prReviewed: flag,
  prMerged: flag,
  /** A working agreement of the user's projects was broken. */
  agreementBroken: flag,
  /** An analysis, fetch or sync of the user's projects failed. */
  workFailed: flag,
});
export type NotificationFlags = z.infer<typeof NotificationFlagsSchema>;

export const NotificationSettingsSchema = NotificationFlagsSchema.extend({
  /** The digest e-mail: off, every day, or once a week. */
  digest: z.enum(DIGEST_FREQUENCIES, { error: M.settingDigest }),
  /** The hour (0–23, in the user's time zone) the digest goes out. */
  digestHour: z
    .number({ error: M.settingDigestHour })
    .int({ error: M.settingDigestHour })
    .min(0, { error: M.settingDigestHour })
    .max(23, { error: M.settingDigestHour }),
  /** The day a weekly digest goes out: 1 Monday … 7 Sunday (ISO 8601). */
  digestWeekday: z
    .number({ error: M.settingDigestWeekday })
    .int({ error: M.settingDigestWeekday })
    .min(1, { error: M.settingDigestWeekday })
    .max(7, { error: M.settingDigestWeekday }),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const IntegrationSettingsSchema = z.strictObject({
  github: flag,
  gitlab: flag,
  bitbucket: flag,
});
export type IntegrationSettings = z.infer<typeof IntegrationSettingsSchema>;

export const TimeZoneSchema = z
  .string({ error: M.invalidTimezone })
  .max(64, { error: M.invalidTimezone })
  .refine(isTimeZone, { error: M.invalidTimezone });

export const PreferenceSettingsSchema = z.strictObject({
  theme: z.enum(THEMES, { error: M.invalidTheme }),
  /** Any language of spec §9 is stored; the web offers en and tr, the others are coming soon. */
  language: z.enum(LANGUAGES, { error: M.invalidLanguage }),
  /** Dates and times are shown in this zone; null shows them in the browser's own. */
  timezone: TimeZoneSchema.nullable(),
});
export type PreferenceSettings = z.infer<typeof PreferenceSettingsSchema>;

export const PREFERENCE_NAMES = ['theme', 'language', 'timezone'] as const;
export type PreferenceName = (typeof PREFERENCE_NAMES)[number];

/** `GET/PUT /api/user/settings`: the whole document, the user's choices over the defaults. */
export const UserSettingsSchema = z.object({
  notifications: NotificationSettingsSchema,
  integrations: IntegrationSettingsSchema,
  preferences: PreferenceSettingsSchema,
  /**
   * The preferences the user chose (the others are defaults). After sign-in the web applies only
   * these, so a default never overrides the language or theme a browser already shows.
   */
  chosenPreferences: z.array(z.enum(PREFERENCE_NAMES)),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/**
 * `PUT /api/user/settings`: any part of the document; what is left out stays as it was. Unknown
 * keys are refused (a misspelt setting must not pass as saved).
 */
export const UpdateUserSettingsBody = z.strictObject({
  notifications: NotificationSettingsSchema.partial().optional(),
  integrations: IntegrationSettingsSchema.partial().optional(),
  preferences: PreferenceSettingsSchema.partial().optional(),
});
export type UpdateUserSettingsBody = z.infer<typeof UpdateUserSettingsBody>;

/**
 * What a user who chose nothing gets: e-mail about what waits for them (assigned, mentioned, their
 * pull request reviewed, a working agreement broken, work that failed), not about every merge; a
 * weekly digest on Monday at 09:00 in their time zone; no push until a browser is allowed to show it;
 * GitHub on, the forge whose pull requests Rota reads; spec §9's theme and language defaults
 * (system, Turkish); dates in the browser's own time zone.
 */
export const DEFAULT_USER_SETTINGS = {
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
  preferences: { theme: 'system', language: DEFAULT_LANGUAGE, timezone: null },
} as const satisfies Omit<UserSettings, 'chosenPreferences'>;
