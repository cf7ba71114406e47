import { describe, expect, it } from 'vitest';
import en from '../locales/failures/en.json';
import tr from '../locales/failures/tr.json';
import { ALL_FAILURE_CODES, codeText, failureActionLabel } from './failure-text';
import { i18n } from './i18n';

describe('failure texts', () => {
  it('word every code the server may send, in Turkish and in English', () => {
    const enCodes = en.failures.codes as Record<string, string>;
    const trCodes = tr.failures.codes as Record<string, string>;
    const missing = ALL_FAILURE_CODES.filter(
      (code) => !enCodes[code]?.trim() || !trCodes[code]?.trim(),
    );
    expect(missing).toEqual([]);
    // And no sentence for a code that no longer exists.
    expect(
      Object.keys(enCodes).filter((code) => !ALL_FAILURE_CODES.includes(code as never)),
    ).toEqual([]);
  });

  it('say "no GitHub token" and "sign-in not configured" differently, each with its own fix', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(codeText(t, 'GITHUB_NOT_CONNECTED')).toMatch(/connect GitHub in Settings/);
    expect(codeText(t, 'GITHUB_OAUTH_UNAVAILABLE')).toMatch(/not configured on this server/);
    expect(codeText(t, 'GITHUB_UNAVAILABLE')).toBe(
      'GitHub did not answer. Try again in a few minutes.',
    );
    await i18n.changeLanguage('tr');
    expect(codeText(i18n.t.bind(i18n), 'GITHUB_NOT_CONNECTED')).toMatch(
      /Ayarlar'dan GitHub'ı bağlayın/,
    );
  });

  it('name an unknown code rather than show a server sentence', async () => {
    await i18n.changeLanguage('tr');
    expect(codeText(i18n.t.bind(i18n), 'SOMETHING_NEW')).toBe(
      'Bir şeyler ters gitti (SOMETHING_NEW).',
    );
  });

  it('offer the default branch by name, and no action where none helps', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(
      failureActionLabel(t, {
        action: 'useDefaultBranch',
        defaultBranch: 'master',
        source: 'analysis',
      }),
    ).toBe('Use the default branch master');
    expect(
      failureActionLabel(t, { action: 'none', defaultBranch: null, source: 'fetch' }),
    ).toBeNull();
  });
});
