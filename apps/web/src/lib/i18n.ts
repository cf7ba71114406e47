import { AVAILABLE_LANGUAGES, DEFAULT_LANGUAGE, type Language } from '@rota/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import tr from '../locales/tr.json';
import { readStorage, StorageKeys, writeStorage } from './storage';

export type AvailableLanguage = (typeof AVAILABLE_LANGUAGES)[number];

/** Shown in the language menu; the rest of SPEC §9's languages appear disabled ("coming soon"). */
export const UPCOMING_LANGUAGES = ['de', 'fr', 'es'] as const satisfies readonly Language[];

export function isAvailableLanguage(value: unknown): value is AvailableLanguage {
  return (AVAILABLE_LANGUAGES as readonly unknown[]).includes(value);
}

export function storedLanguage(): AvailableLanguage {
  const stored = readStorage(StorageKeys.language);
  return isAvailableLanguage(stored) ? stored : (DEFAULT_LANGUAGE as AvailableLanguage);
}

void i18n.use(initReactI18next).init({
  resources: { tr: { translation: tr }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...AVAILABLE_LANGUAGES],
  interpolation: { escapeValue: false }, // React already escapes
  // Resources are bundled, so initialise synchronously: the first render is already translated.
  initAsync: false,
  returnNull: false,
});

const syncDocumentLanguage = (language: string) => {
  document.documentElement.lang = language;
};
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** Switches the UI language and remembers the choice across reloads. */
export async function changeLanguage(language: AvailableLanguage): Promise<void> {
  writeStorage(StorageKeys.language, language);
  await i18n.changeLanguage(language);
}

export { i18n };
