/**
 * The exact English validation messages of spec §5. The server answers with these strings;
 * the web translates them through `validationMessageKeys` so both sides share one source.
 */
export const ValidationMessages = {
  invalidEmail: 'Invalid email address',
  loginPasswordMin: 'Password must be at least 6 characters',
  nameMin: 'Name must be at least 2 characters',
  passwordMin: 'Password must be at least 8 characters',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordLowercase: 'Password must contain at least one lowercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordsDontMatch: "Passwords don't match",
  projectNameMin: 'Project name must be at least 2 characters',
  invalidRepositoryUrl: 'Invalid repository URL',
  invalidBranchName: 'Invalid branch name',
  memberNameRequired: 'Member name is required',
  invalidGithubLogin: 'Invalid GitHub login',
  required: 'Required',
  tooLong: 'Too long',
  publishReviewsBoolean: 'Publish reviews must be true or false',
  unstorableText:
    'Contains a character that cannot be stored (NUL or a broken Unicode character); remove it',
  avatarHttps: 'Avatar must be an https:// address',
  currentPasswordWrong: 'Current password is incorrect',
  githubTokenRejected: 'GitHub did not accept this token',
  invalidTimezone: 'Unknown time zone',
  invalidLanguage: 'Language must be one of en, tr, de, fr, es',
  invalidTheme: 'Theme must be light, dark or system',
  settingBoolean: 'Must be true or false',
  settingDigest: 'Must be off, daily or weekly',
  settingDigestHour: 'Must be a whole hour from 0 to 23',
  settingDigestWeekday: 'Must be a day from 1 (Monday) to 7 (Sunday)',
  invalidRole: 'Role must be admin or member',
} as const;

export type ValidationMessageKey = keyof typeof ValidationMessages;

const keyByMessage = new Map<string, ValidationMessageKey>(
  Object.entries(ValidationMessages).map(([key, message]) => [
    message,
    key as ValidationMessageKey,
  ]),
);

/** The key of a known validation message, or undefined for a message we do not know. */
export function validationMessageKey(message: string): ValidationMessageKey | undefined {
  return keyByMessage.get(message);
}

/** Fallback messages of spec §4 and §8, used when the server gives no message of its own. */
export const FallbackMessages = {
  generic: 'An error occurred',
  network: 'Network error. Please check your connection.',
  invalidToken: 'Invalid token',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  fetchProjects: 'Failed to fetch projects',
  fetchProject: 'Failed to fetch project',
  createProject: 'Failed to create project',
  updateProject: 'Failed to update project',
  deleteProject: 'Failed to delete project',
  fetchAnalytics: 'Failed to fetch analytics',
  fetchPullRequests: 'Failed to fetch pull requests',
  fetchRepositories: 'Failed to fetch repositories',
  fetchReviews: 'Failed to fetch reviews',
  fetchBranchAnalysis: 'Failed to fetch branch analysis',
  fetchReadmeAnalysis: 'Failed to fetch README analysis',
} as const;

/** Messages of the projects API beyond spec §5, stable so the web can translate them. */
export const ProjectMessages = {
  notFound: 'Project not found',
  repoNotFound: 'Repository not found in this project',
  memberNotFound: 'Member not found in this project',
  duplicateRepo: 'This repository is already in the project',
  repoIdRequired: 'Name the repository to remove (repoId)',
  memberIdRequired: 'Name the member to remove (memberId)',
} as const;

/** Messages of the account, settings and user-administration API, stable so the web can translate them. */
export const AccountMessages = {
  userNotFound: 'User not found',
  administratorsOnly: 'Only administrators may do this',
  lastAdministrator: 'The installation needs an administrator: make another user one first',
  invalidPage: 'Page must be a whole number from 1',
  invalidLimit: 'Limit must be a whole number from 1 to 100',
} as const;

/**
 * Why a repository URL is refused when it is submitted: the server fetches only from public hosts
 * (unless ALLOW_PRIVATE_HOSTS), so a host that resolves to one of these is a field error. Keyed by
 * the reason the server's host policy gives; the web translates them.
 */
export const RepositoryHostMessages = {
  loopback:
    'The repository host points to this server itself (loopback); use a public repository address',
  private: 'The repository host is in a private network; use a public repository address',
  metadata:
    'The repository host is a link-local or cloud metadata address; use a public repository address',
  reserved: 'The repository host is not a public address; use a public repository address',
} as const;

export type RepositoryHostRefusal = keyof typeof RepositoryHostMessages;
