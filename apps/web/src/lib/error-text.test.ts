import { ErrorCodes } from '@rota/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { translateError } from './error-text';

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
