import {
  DEFAULT_USER_SETTINGS,
  type GitHubTokenStatus,
  type Profile,
  type UserSettings,
} from '@rota/contracts';
import { http } from 'msw';
import { ok, recorder } from './project-fixtures';

export const profileFixture = (overrides: Partial<Profile> = {}): Profile => ({
  id: 'u-1',
  name: 'Alice Doe',
  email: 'alice@example.com',
  avatar: null,
  role: 'member',
  hasPassword: true,
  createdAt: '2025-01-01T00:00:00Z',
  ...overrides,
});

export const settingsFixture = (overrides: Partial<UserSettings> = {}): UserSettings => ({
  notifications: { ...DEFAULT_USER_SETTINGS.notifications },
  integrations: { ...DEFAULT_USER_SETTINGS.integrations },
  preferences: { ...DEFAULT_USER_SETTINGS.preferences },
  chosenPreferences: [],
  ...overrides,
});

export const githubTokenFixture = (
  overrides: Partial<GitHubTokenStatus> = {},
): GitHubTokenStatus => ({ personal: null, signIn: null, inUse: 'none', ...overrides });

/** The settings page's three reads, and a recorder of every write to /api/user/*. */
export function settingsAnswers(
  answers: { profile?: Profile; settings?: UserSettings; githubToken?: GitHubTokenStatus } = {},
) {
  const writes = recorder();
  const handlers = [
    http.get('/api/user/profile', () => ok(answers.profile ?? profileFixture())),
    http.get('/api/user/settings', () => ok(answers.settings ?? settingsFixture())),
    http.get('/api/user/github-token', () => ok(answers.githubToken ?? githubTokenFixture())),
  ];
  return { handlers, writes: writes.calls, record: writes.record };
}
