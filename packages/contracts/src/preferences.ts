/**
 * Languages of spec §9: tr (default) and en are offered; de, fr and es are shown as coming soon.
 * Plain constants, no zod: the web's first load reads them, and zod stays off it (the login
 * page's budget); the schemas are in preference-schemas.ts.
 */
export const LANGUAGES = ['tr', 'en', 'de', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const AVAILABLE_LANGUAGES = ['tr', 'en'] as const satisfies readonly Language[];
export const DEFAULT_LANGUAGE: Language = 'tr';

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
