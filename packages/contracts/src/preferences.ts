import { z } from 'zod';

/** Languages of SPEC §9: tr (default) and en are offered; de, fr and es are shown as coming soon. */
export const LanguageSchema = z.enum(['tr', 'en', 'de', 'fr', 'es']);
export type Language = z.infer<typeof LanguageSchema>;
export const AVAILABLE_LANGUAGES = ['tr', 'en'] as const satisfies readonly Language[];
export const DEFAULT_LANGUAGE: Language = 'tr';

export const ThemeSchema = z.enum(['light', 'dark', 'system']);
export type Theme = z.infer<typeof ThemeSchema>;
