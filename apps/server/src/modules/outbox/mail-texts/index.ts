import type { MailTexts } from './types.js';
import { en } from './en.js';
import { tr } from './tr.js';

export type { MailFacts, MailTexts } from './types.js';

export type MailLanguage = 'tr' | 'en';

/** A user's language for e-mails: English when chosen, else Turkish (spec §9's default). */
export function mailLanguageOf(language: string | null | undefined): MailLanguage {
  return language === 'en' ? 'en' : 'tr';
}

export const MAIL_TEXTS: Record<MailLanguage, MailTexts> = { tr, en };
