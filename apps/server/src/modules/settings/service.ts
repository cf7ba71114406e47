import {
  DEFAULT_USER_SETTINGS,
  IntegrationSettingsSchema,
  NotificationSettingsSchema,
  PREFERENCE_NAMES,
  PreferenceSettingsSchema,
  type PreferenceName,
  type UpdateUserSettingsBody,
  type UserSettings,
} from '@rota/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import * as queries from './queries.js';

/**
 * The stored choices of one section over its defaults. A stored value its field no longer accepts
 * (a time zone this runtime's Intl dropped) is read as not chosen rather than failing the answer.
 */
function section<S extends z.ZodObject>(
  schema: S,
  defaults: z.infer<S>,
  stored: Record<string, unknown>,
): { value: z.infer<S>; chosen: string[] } {
  const value: Record<string, unknown> = { ...defaults };
  const chosen: string[] = [];
  for (const [key, field] of Object.entries(schema.shape)) {
    if (!(key in stored)) continue;
    const parsed = (field as z.ZodType).safeParse(stored[key]);
    if (!parsed.success) continue;
    value[key] = parsed.data;
    chosen.push(key);
  }
  return { value: value as z.infer<S>, chosen };
}

function toSettings(stored: queries.StoredSettings | undefined): UserSettings {
  const preferences = section(
    PreferenceSettingsSchema,
    DEFAULT_USER_SETTINGS.preferences,
    stored?.preferences ?? {},
  );
  return {
    notifications: section(
      NotificationSettingsSchema,
      DEFAULT_USER_SETTINGS.notifications,
      stored?.notifications ?? {},
    ).value,
    integrations: section(
      IntegrationSettingsSchema,
      DEFAULT_USER_SETTINGS.integrations,
      stored?.integrations ?? {},
    ).value,
    preferences: preferences.value,
    chosenPreferences: PREFERENCE_NAMES.filter((name: PreferenceName) =>
      preferences.chosen.includes(name),
    ),
  };
}

/** A user's settings (spec §3): what they chose over Rota's defaults, the same in every browser. */
export class SettingsService {
  constructor(private readonly deps: { db: Database }) {}

  async get(userId: string): Promise<UserSettings> {
    return toSettings(await queries.findSettings(this.deps.db, userId));
  }

  /** Saves the given settings (validated by the route's schema), keeps the rest; answers the whole. */
  async update(userId: string, body: UpdateUserSettingsBody): Promise<UserSettings> {
    const stored = await queries.saveChoices(this.deps.db, userId, {
      notifications: body.notifications ?? {},
      integrations: body.integrations ?? {},
      preferences: body.preferences ?? {},
    });
    return toSettings(stored);
  }
}
