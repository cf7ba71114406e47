/**
 * The dashboard's addresses, apart from the requests that use them (see
 * `features/projects/api/paths.ts`): its project count reads the project list, its insights the
 * dashboard figures.
 */
export const DASHBOARD_PATHS = {
  projectCount: '/api/projects',
  insights: '/api/dashboard',
} as const;
