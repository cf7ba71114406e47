import { z } from 'zod';
import { LANGUAGES, THEMES } from './preferences.js';

export const LanguageSchema = z.enum(LANGUAGES);
export const ThemeSchema = z.enum(THEMES);
