/** The signed-in user's own data; signing out leaves the query scope, and this cache with it. */
export const accountKeys = {
  profile: ['account', 'profile'] as const,
  githubToken: ['account', 'github-token'] as const,
  settings: ['account', 'settings'] as const,
  digestPreview: ['account', 'digest-preview'] as const,
};
