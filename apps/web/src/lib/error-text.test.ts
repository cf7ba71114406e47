import { ErrorCodes, RepositoryHostMessages } from '@rota/contracts';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import tr from '../locales/tr.json';
import failuresEn from '../locales/failures/en.json';
import failuresTr from '../locales/failures/tr.json';
import { ClientErrorCodes } from './api-error';
import { i18n } from './i18n';
import { translateError, translateValidation } from './error-text';

async function translatorFor(language: 'tr' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: {
      tr: { translation: { ...tr, ...failuresTr } },
      en: { translation: { ...en, ...failuresEn } },
    },
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

describe('translateError for limits and quotas', () => {
  afterEach(async () => {
    await i18n.changeLanguage('tr');
  });

  it('says why an analysis was refused, in Turkish (formal) and English', async () => {
    await i18n.changeLanguage('tr');
    const active = { code: ErrorCodes.activeAnalysesLimit, message: 'x', retryAfterSeconds: 30 };
    expect(translateError(i18n.t, active)).toBe(
      'Sırada bekleyen veya çalışan analiziniz çok fazla. Lütfen bir kısmı tamamlandığında tekrar deneyin.',
    );
    await i18n.changeLanguage('en');
    expect(translateError(i18n.t, active)).toBe(
      'You have too many analyses queued or running. Please try again when some of them have finished.',
    );
  });

  it('gives the hourly limit its wait in minutes, rounded up', async () => {
    await i18n.changeLanguage('en');
    const hourly = { code: ErrorCodes.repoAnalyzeHourlyLimit, message: 'x' };
    expect(translateError(i18n.t, { ...hourly, retryAfterSeconds: 1501 })).toContain(
      'try again in 26 minutes',
    );
    expect(translateError(i18n.t, { ...hourly, retryAfterSeconds: null })).toContain(
      'try again later',
    );
    await i18n.changeLanguage('tr');
    expect(translateError(i18n.t, { ...hourly, retryAfterSeconds: 60 })).toContain(
      '1 dakika sonra',
    );
  });

  it('keeps the sign-in limit message with its seconds', async () => {
    await i18n.changeLanguage('en');
    expect(
      translateError(i18n.t, { code: ErrorCodes.rateLimited, message: 'x', retryAfterSeconds: 42 }),
    ).toBe('Too many attempts. Please try again in 42 seconds.');
  });
});

describe('translateError for GitHub failures', () => {
  const codes = [
    ErrorCodes.githubTokenRevoked,
    ErrorCodes.githubForbidden,
    ErrorCodes.githubRateLimited,
    ErrorCodes.githubNotFound,
    ErrorCodes.githubUnavailable,
    ErrorCodes.githubNotConnected,
    ErrorCodes.webhookUrlUnreachable,
    ErrorCodes.webhookAdminRequired,
    ErrorCodes.webhookRejected,
    ErrorCodes.webhookNotSupported,
    ErrorCodes.reviewPublishRejected,
  ];

  it.each(codes)(
    '%s has its own text in Turkish and English, each saying what to do',
    async (code) => {
      const inTurkish = translateError(await translatorFor('tr'), { code, message: 'x' });
      const inEnglish = translateError(await translatorFor('en'), { code, message: 'x' });
      expect(inEnglish).toContain('GitHub');
      expect(inTurkish).toContain('GitHub');
      expect(inTurkish).not.toBe(inEnglish);
      expect(inEnglish).not.toBe(translateError(await translatorFor('en'), { message: 'x' }));
    },
  );

  it('gives the GitHub rate limit its wait in minutes, rounded up', async () => {
    const limited = { code: ErrorCodes.githubRateLimited, message: 'x', retryAfterSeconds: 61 };
    expect(translateError(await translatorFor('en'), limited)).toContain('about 2 more minutes');
    expect(translateError(await translatorFor('tr'), limited)).toContain('yaklaşık 2 dakika');
  });
});

describe.each(['tr', 'en'] as const)('translateError in %s', (language) => {
  const serverSentence = 'A sentence only the server wrote';

  it.each([...Object.values(ErrorCodes), ...Object.values(ClientErrorCodes)])(
    '%s is said in the catalogue’s words or the server’s, never as a missing key',
    async (code) => {
      const t = await translatorFor(language);
      for (const retryAfterSeconds of [null, 90]) {
        const text = translateError(t, { code, message: serverSentence, retryAfterSeconds });
        expect(text, `${code}, wait ${retryAfterSeconds}`).not.toMatch(/^errors\./);
        expect(text.trim()).not.toBe('');
      }
    },
  );
});
