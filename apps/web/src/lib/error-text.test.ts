import { RepositoryHostMessages } from '@rota/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import tr from '../locales/tr.json';
import { translateValidation } from './error-text';

async function translatorFor(language: 'tr' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { tr: { translation: tr }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('translateValidation: refused repository hosts (sent by the server in English)', () => {
  it.each(Object.entries(RepositoryHostMessages))(
    '%s has its own text in tr and en',
    async (_reason, message) => {
      const inTurkish = translateValidation(await translatorFor('tr'), message);
      const inEnglish = translateValidation(await translatorFor('en'), message);
      expect(inEnglish).toBe(message);
      expect(inTurkish).not.toBe(message);
      expect(inTurkish).toMatch(/herkese açık/);
    },
  );
});
