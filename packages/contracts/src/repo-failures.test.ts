import { describe, expect, it } from 'vitest';
import { failureAction, isTemporaryFailure } from './repo-failures.js';

describe('failureAction', () => {
  it('offers the default branch only when it is known and is another branch', () => {
    expect(failureAction('UNKNOWN_REF', 'main', 'master')).toBe('useDefaultBranch');
    expect(failureAction('UNKNOWN_REF', 'main', null)).toBe('checkRepository');
    expect(failureAction('UNKNOWN_REF', 'master', 'master')).toBe('checkRepository');
  });

  it('sends "no GitHub token" to Settings and "sign-in not configured" to the administrator', () => {
    expect(failureAction('GITHUB_NOT_CONNECTED', 'main', null)).toBe('connectGitHub');
    expect(failureAction('GITHUB_TOKEN_REVOKED', 'main', null)).toBe('connectGitHub');
    expect(failureAction('GITHUB_OAUTH_UNAVAILABLE', 'main', null)).toBe('askAdministrator');
  });

  it('offers trying again only for causes that may pass', () => {
    for (const code of ['REPO_TIMEOUT', 'REPO_NETWORK_UNREACHABLE', 'GITHUB_UNAVAILABLE']) {
      expect(isTemporaryFailure(code)).toBe(true);
      expect(failureAction(code, 'main', null)).toBe('retry');
    }
    for (const code of [
      'REPO_NOT_FOUND',
      'REPO_AUTH_REQUIRED',
      'REPO_OBJECT_MISSING',
      'UNKNOWN_REF',
    ]) {
      expect(isTemporaryFailure(code)).toBe(false);
      expect(failureAction(code, 'main', null)).not.toBe('retry');
    }
    expect(failureAction('REPO_OBJECT_MISSING', 'main', null)).toBe('none');
  });
});
