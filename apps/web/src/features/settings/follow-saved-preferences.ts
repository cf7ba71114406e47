import { applyPreferences } from './apply-preferences';
import { fetchSettings } from './api/get-settings';

/**
 * After a sign-in on any browser the app follows the preferences the user saved (spec §3): their
 * theme, language and time zone, where they chose them. Loaded only when someone signs in.
 */
export async function followSavedPreferences(): Promise<void> {
  const settings = await fetchSettings();
  await applyPreferences(settings.preferences, settings.chosenPreferences);
}
