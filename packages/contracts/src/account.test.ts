import { describe, expect, it } from 'vitest';
import {
  ConnectGitHubTokenBody,
  PasswordChangeBody,
  PasswordChangeFormSchema,
  PasswordSetFormSchema,
  UpdateProfileBody,
} from './account.js';
import { missingGitHubScopes, parseGitHubScopes } from './github-token-scopes.js';
import { ValidationMessages as M } from './messages.js';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('profile', () => {
  it("takes spec §5's name rule and an https avatar, or null to remove it", () => {
    expect(messagesOf(UpdateProfileBody.safeParse({ name: ' A ' }))).toEqual([['name', M.nameMin]]);
    for (const avatar of ['http://a.example.com/me.png', 'javascript:alert(1)', 'me.png'])
      expect(messagesOf(UpdateProfileBody.safeParse({ name: 'Ada', avatar }))).toEqual([
        ['avatar', M.avatarHttps],
      ]);
    expect(
      UpdateProfileBody.parse({ name: ' Ada ', avatar: ' https://a.example.com/me.png ' }),
    ).toEqual({ name: 'Ada', avatar: 'https://a.example.com/me.png' });
    expect(UpdateProfileBody.parse({ name: 'Ada', avatar: null }).avatar).toBeNull();
  });
});

describe('password change (spec §5)', () => {
  it('form: current password of at least 6, the registration rules, a matching confirmation', () => {
    expect(
      messagesOf(
        PasswordChangeFormSchema.safeParse({
          currentPassword: '12345',
          newPassword: 'abcdefgh',
          confirmPassword: 'abcdefgh',
        }),
      ),
    ).toEqual([
      ['currentPassword', M.loginPasswordMin],
      ['newPassword', M.passwordUppercase],
      ['newPassword', M.passwordNumber],
    ]);
    expect(
      messagesOf(
        PasswordChangeFormSchema.safeParse({
          currentPassword: '123456',
          newPassword: 'Abcdefg1',
          confirmPassword: 'Abcdefg2',
        }),
      ),
    ).toEqual([['confirmPassword', M.passwordsDontMatch]]);
  });

  it('body: the current password may be left out (an account without one sets its first)', () => {
    expect(
      PasswordChangeBody.safeParse({ newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' })
        .success,
    ).toBe(true);
    expect(
      messagesOf(PasswordSetFormSchema.safeParse({ newPassword: 'Abcdefg1', confirmPassword: '' })),
    ).toEqual([['confirmPassword', M.passwordsDontMatch]]);
  });
});

describe('GitHub token', () => {
  it('is printable text, trimmed', () => {
    expect(ConnectGitHubTokenBody.parse({ token: ' ghp_abc ' }).token).toBe('ghp_abc');
    expect(messagesOf(ConnectGitHubTokenBody.safeParse({ token: '  ' }))).toEqual([
      ['token', M.required],
    ]);
    expect(messagesOf(ConnectGitHubTokenBody.safeParse({ token: 'ghp abc' }))).toEqual([
      ['token', M.githubTokenRejected],
    ]);
  });

  it("reads GitHub's x-oauth-scopes and names the needed scopes missing, broader ones counting", () => {
    expect(parseGitHubScopes('repo, read:org')).toEqual(['repo', 'read:org']);
    expect(parseGitHubScopes('')).toEqual([]);
    expect(parseGitHubScopes(undefined)).toBeNull();
    expect(missingGitHubScopes([])).toEqual(['repo', 'read:org']);
    expect(missingGitHubScopes(['public_repo', 'read:user'])).toEqual(['repo', 'read:org']);
    expect(missingGitHubScopes(['repo', 'admin:org'])).toEqual([]);
    expect(missingGitHubScopes(['read:org'])).toEqual(['repo']);
  });
});
