import type { DiagramRole } from '@rota/contracts';
import { basename, extname } from '../facts/paths.js';
import type { FrameworkRule } from './externals/rules.js';
import { supportAreaOfFolder } from '../facts/support-areas.js';
import { isTestFile } from '../facts/test-files.js';

/** Folder-name words and the role they announce. Checked on the component's own path, deepest first. */
const SEGMENT_ROLES: Array<[DiagramRole, RegExp]> = [
  [
    'tests',
    /^(?:tests?|__tests__|specs?|e2e|integration|testing|cypress|playwright|fixtures?|testdata)$/,
  ],
  ['docs', /^(?:docs?|documentation|examples?|samples?|website|guides?)$/],
  [
    'infra',
    /^(?:infra|infrastructure|deploy|deployments?|terraform|helm|charts?|k8s|kubernetes|ansible|docker|ops|devops|\.github|\.circleci|\.gitlab|\.?ci|pulumi|cdk)$/,
  ],
  [
    'data',
    /^(?:migrations?|migrate|db|database|databases|schemas?|sql|prisma|alembic|seeds?|models|entities|persistence|dal|repositories)$/,
  ],
  // `wrappers` before `bin`: git's `bin-wrappers/` run the built binaries for the test suite.
  [
    'tooling',
    /^(?:scripts?|tools?|tooling|bench|benchmarks?|hack|devtools|codegen|generators?|build|wrappers?)$/,
  ],
  ['entry-point', /^(?:cmd|bin|cli)$/],
  [
    'web-ui',
    /^(?:web|frontend|front|client|ui|webapp|www|site|spa|components|pages|views|public|static|styles)$/,
  ],
  [
    'api',
    /^(?:api|apis|server|backend|back|routes?|controllers?|handlers?|endpoints?|graphql|rest|grpc|rpc)$/,
  ],
];

const ENTRY_FILE =
  /^(?:main\.(?:go|rs|py|ts|js|mjs|c|cc|cpp|kt|java|swift|dart)|__main__\.py|manage\.py|wsgi\.py|asgi\.py|Program\.cs|server\.(?:ts|js|mjs|py|go)|\w*Application\.(?:java|kt))$/;
const CONFIG_FILE =
  /(?:^|[./-])(?:config|conf|rc)\.[cm]?[jt]s$|^(?:eslint|prettier|babel|webpack|rollup|vite|vitest|jest|tailwind|postcss|drizzle|playwright)\b|^(?:Makefile|Rakefile|setup\.py|noxfile\.py|conftest\.py|build\.gradle(?:\.kts)?|settings\.gradle(?:\.kts)?|Dockerfile)$/;
const UI_FILE = /\.(?:tsx|jsx|vue|svelte|astro|html|css|scss|less)$/;
const INFRA_FILE = /\.(?:tf|hcl|bicep)$|^Dockerfile/;

export interface RoleInput {
  path: string;
  files: readonly string[];
  frameworks: readonly FrameworkRule[];
}

function share(files: readonly string[], test: (path: string) => boolean): number {
  return files.length ? files.filter(test).length / files.length : 0;
}

/**
 * A component's role: a tests or docs folder anywhere on its path, else the deepest telling
 * folder name (so `apps/web/src/api` is an API), then what its files are (mostly tests, SQL,
 * infra files, tool configs), then the frameworks it uses or UI files, then a main file;
 * otherwise it is a library.
 */
export function componentRole({ path, files, frameworks }: RoleInput): DiagramRole {
  const segments = path.split('/').filter(Boolean).reverse();
  const roles = segments.map((segment) => {
    const words = [segment.toLowerCase(), ...segment.toLowerCase().split(/[-_.]/)];
    return SEGMENT_ROLES.find(([, pattern]) => words.some((w) => pattern.test(w)))?.[0];
  });
  // Anything under a tests or docs folder is tests or docs (`tests/api`, `e2e/pages`).
  if (roles.includes('tests')) return 'tests';
  if (roles.includes('docs')) return 'docs';
  // The repository's own support folders are never the product (`.devcontainer`, `hack`): tooling,
  // or infra when the name says so (`.github`).
  const area = supportAreaOfFolder(path);
  if (area === 'tests') return 'tests';
  if (area === 'examples' || area === 'docs') return 'docs';
  if (area === 'tooling') return roles.includes('infra') ? 'infra' : 'tooling';
  const deepest = roles.find((role) => role !== undefined);
  if (deepest) {
    // `cmd/server` is the server's executable, not its API code.
    return segments.some((s) => /^(?:cmd|bin)$/.test(s)) ? 'entry-point' : deepest;
  }
  if (share(files, isTestFile) >= 0.8) return 'tests';
  if (share(files, (f) => extname(f) === '.sql') >= 0.5) return 'data';
  if (share(files, (f) => INFRA_FILE.test(basename(f))) >= 0.5) return 'infra';
  if (share(files, (f) => CONFIG_FILE.test(basename(f))) >= 0.5) return 'tooling';
  const ui = frameworks.some((f) => f.role === 'web-ui');
  const api = frameworks.some((f) => f.role === 'api');
  if (ui && !api) return 'web-ui';
  if (api && !ui) return 'api';
  if (ui || share(files, (f) => UI_FILE.test(f)) >= 0.3) return 'web-ui';
  if (files.some((f) => ENTRY_FILE.test(basename(f)))) return 'entry-point';
  return 'library';
}
