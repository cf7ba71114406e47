/**
 * The account and settings API's addresses, apart from the requests that use them: the app's
 * early requests (`app/early-requests.ts`) ask for the same URLs before the page's code has
 * loaded, so this module stays free of zod and TanStack Query.
 */
export const SETTINGS_PATHS = {
  profile: '/api/user/profile',
  password: '/api/user/password',
  githubToken: '/api/user/github-token',
  settings: '/api/user/settings',
  digestPreview: '/api/notifications/digest/preview',
} as const;
