import type { PreferenceName, PreferenceSettings } from '@rota/contracts';
import { changeLanguage, isAvailableLanguage } from '../../lib/i18n';
import { setTimeZone } from '../../lib/time-zone';
import { useUiStore } from '../../lib/ui-store';

/**
 * Puts saved preferences in force in this browser at once: the theme, the language (when the web
 * offers it: a saved de, fr or es leaves the current one), the time zone of every date shown.
 * Only those named in `which`: a preference the user never chose must not override the one this
 * browser already shows.
 */
export async function applyPreferences(
  preferences: PreferenceSettings,
  which: readonly PreferenceName[],
): Promise<void> {
  if (which.includes('theme')) useUiStore.getState().setTheme(preferences.theme);
  if (which.includes('timezone')) setTimeZone(preferences.timezone);
  if (which.includes('language') && isAvailableLanguage(preferences.language))
    await changeLanguage(preferences.language);
}
