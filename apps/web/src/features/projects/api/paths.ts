/**
 * The projects API's addresses, apart from the requests that use them: the app's early requests
 * (`app/early-requests.ts`) ask for the same URLs before the page's code has loaded, so this module
 * stays free of zod and TanStack Query.
 */
export const PROJECT_LIST_PATH = '/api/projects';

export const projectPath = (id: string): string => `/api/projects/${encodeURIComponent(id)}`;
