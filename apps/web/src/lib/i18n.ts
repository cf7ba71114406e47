import { AVAILABLE_LANGUAGES, DEFAULT_LANGUAGE, type Language } from '@rota/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, StorageKeys, writeStorage } from './storage';

export type AvailableLanguage = (typeof AVAILABLE_LANGUAGES)[number];

/** Shown in the language menu; the rest of spec §9's languages appear disabled ("coming soon"). */
export const UPCOMING_LANGUAGES = ['de', 'fr', 'es'] as const satisfies readonly Language[];

export function isAvailableLanguage(value: unknown): value is AvailableLanguage {
  return (AVAILABLE_LANGUAGES as readonly unknown[]).includes(value);
}

export function storedLanguage(): AvailableLanguage {
  const stored = readStorage(StorageKeys.language);
  return isAvailableLanguage(stored) ? stored : (DEFAULT_LANGUAGE as AvailableLanguage);
}

/**
 * One catalogue per language, each its own chunk: the first load fetches only the language shown
 * (the login page's budget); `main.tsx` waits for it before the first render.
 */
const catalogues: Record<AvailableLanguage, () => Promise<{ default: Record<string, unknown> }>> = {
  tr: () => import('../locales/tr.json'),
  en: () => import('../locales/en.json'),
};

/**
 * The sentence of every code the server sends (lib/failure-text.ts): wanted wherever an error can
 * show, so loaded with the main catalogue, in parallel and only for the language shown.
 */
const failureTexts: Record<AvailableLanguage, () => Promise<{ default: Record<string, unknown> }>> =
  {
    tr: () => import('../locales/failures/tr.json'),
    en: () => import('../locales/failures/en.json'),
  };

/**
 * Which main catalogues are in. Not `hasResourceBundle`: a feature's own texts (dashboard,
 * analysis, ...) add to the same bundle for both languages, whichever language is shown.
 */
const loaded = new Set<AvailableLanguage>();

export async function loadCatalogue(language: AvailableLanguage): Promise<void> {
  if (loaded.has(language)) return;
  const [catalogue, failures] = await Promise.all([
    catalogues[language](),
    failureTexts[language](),
  ]);
  // Deep, keeping what features added: they and the main catalogue share the namespace.
  i18n.addResourceBundle(language, 'translation', catalogue.default, true, false);
  i18n.addResourceBundle(language, 'translation', failures.default, true, false);
  loaded.add(language);
}

void i18n.use(initReactI18next).init({
  resources: {},
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...AVAILABLE_LANGUAGES],
  interpolation: { escapeValue: false }, // React already escapes
  // Nothing to fetch at init (catalogues are added by loadCatalogue), so initialise synchronously.
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
  await loadCatalogue(language);
  await i18n.changeLanguage(language);
}

export { i18n };
