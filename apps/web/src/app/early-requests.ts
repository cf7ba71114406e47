import { matchPath } from 'react-router-dom';
import { analysisPath } from '../features/analysis/api/analysis-path';
import { ANALYSIS_VIEWS } from '../features/analysis/api/analysis-kinds';
import { VERIFY_PATH } from '../features/auth/api/paths';
import { DASHBOARD_PATHS } from '../features/dashboard/api/paths';
import { PROJECT_LIST_PATH, projectPath } from '../features/projects/api/paths';
import { SETTINGS_PATHS } from '../features/settings/api/paths';

type Params = Record<string, string | undefined>;

const projectWithAnalyses = (id: string) => [
  projectPath(id),
  ...ANALYSIS_VIEWS.map((kind) => analysisPath(id, kind)),
];

/**
 * The GETs each signed-in page sends as soon as it renders, by route (spec §2 paths). Kept to what
 * the page asks for on every first render: the project page's Overview (no `tab`) shows every
 * analysis' summary; another tab starts from the project alone. `early-requests.test.tsx` renders
 * each of these pages and holds this table to the requests they really send.
 */
const pages: Array<{
  path: string;
  requests: (params: Params, search: URLSearchParams) => string[];
}> = [
  // A period in the address adds its query to the figures' address: left to the page. (Reading
  // the period here would bring its rules, and zod, into the first script every page loads.)
  {
    path: '/dashboard',
    requests: (_, search) =>
      ['days', 'from', 'to'].some((name) => search.has(name))
        ? [DASHBOARD_PATHS.projectCount]
        : [DASHBOARD_PATHS.projectCount, DASHBOARD_PATHS.insights],
  },
  // A search or status filter in the address changes the list's query: left to the page.
  { path: '/projects', requests: (_, search) => (search.size === 0 ? [PROJECT_LIST_PATH] : []) },
  {
    path: '/projects/:id',
    requests: ({ id = '' }, search) =>
      search.has('tab') ? [projectPath(id)] : projectWithAnalyses(id),
  },
  { path: '/analyze-full/:id', requests: ({ id = '' }) => projectWithAnalyses(id) },
  {
    path: '/settings',
    requests: () => [SETTINGS_PATHS.profile, SETTINGS_PATHS.githubToken, SETTINGS_PATHS.settings],
  },
];

/**
 * What a signed-in visitor's first render of `pathname` will ask for: the session check (every
 * start verifies the stored token) and the page's own reads. Paths without a page here get only the
 * session check.
 */
export function earlyRequestPaths(pathname: string, search: string): string[] {
  const query = new URLSearchParams(search);
  for (const page of pages) {
    const match = matchPath(page.path, pathname);
    if (match) return [VERIFY_PATH, ...page.requests(match.params, query)];
  }
  return [VERIFY_PATH];
}
