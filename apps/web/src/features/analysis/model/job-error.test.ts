import { ErrorCodes, JobErrorCodes, type JobFailureCode } from '@rota/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/analysis/en.json';
import tr from '../../../locales/analysis/tr.json';
import failuresEn from '../../../locales/failures/en.json';
import failuresTr from '../../../locales/failures/tr.json';
import { describeJobError, JOB_ERROR_WORDING } from './job-error';

const catalogues = { tr, en };
const failureTexts = { tr: failuresTr, en: failuresEn };
const MESSAGE = 'What the server said';

async function translatorFor(language: 'tr' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: false,
    resources: {
      [language]: { translation: { ...catalogues[language], ...failureTexts[language] } },
    },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

const failed = (code: JobFailureCode) => ({ error: { code, message: MESSAGE } });

describe.each(['tr', 'en'] as const)('a failed job in %s', (language) => {
  const sentences = catalogues[language].analysis.jobErrors as Record<string, string>;
  const codeSentences = failureTexts[language].failures.codes as Record<string, string>;

  it.each(Object.values(JobErrorCodes))('%s is said in the catalogue’s words', async (code) => {
    const t = await translatorFor(language);
    const { reason, detail } = describeJobError(t, failed(code), 'main');
    expect(reason).not.toMatch(/^analysis\./);
    if (JOB_ERROR_WORDING[code] === 'general') {
      // The code's own sentence; the server's English message is not shown beside it.
      expect(reason).toBe(codeSentences[code]);
      expect(detail).toBeNull();
    } else {
      expect(sentences[code], `${language}: analysis.jobErrors.${code}`).toBeTypeOf('string');
      expect(reason).toBe(sentences[code]!.replace('{{branch}}', 'main'));
      expect(detail).toBe(JOB_ERROR_WORDING[code] === 'sentenceAndFact' ? MESSAGE : null);
    }
  });

  it.each(Object.values(ErrorCodes))(
    'an API error code (%s) is said in its own words, without the server’s English',
    async (code) => {
      const t = await translatorFor(language);
      expect(describeJobError(t, failed(code), 'main')).toEqual({
        reason: codeSentences[code],
        detail: null,
        code,
        switchTo: null,
      });
    },
  );

  it('says a code it does not know generally, with the server’s message', async () => {
    const t = await translatorFor(language);
    expect(
      describeJobError(
        t,
        { error: { code: 'NEW_CODE' as JobFailureCode, message: MESSAGE } },
        'main',
      ),
    ).toEqual({ reason: sentences.generic, detail: MESSAGE, code: 'NEW_CODE', switchTo: null });
  });

  it('has a sentence only for codes that are worded with one', () => {
    const worded = Object.entries(JOB_ERROR_WORDING)
      .filter(([, wording]) => wording !== 'general')
      .map(([code]) => code);
    expect(Object.keys(sentences).sort()).toEqual(
      [...worded, 'generic', 'UNKNOWN_REF_WITH_DEFAULT'].sort(),
    );
  });
});
