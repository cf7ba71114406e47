/**
 * Framework categories, in the order the composition lists them. Kept apart from the zod schemas
 * (and free of zod) because the analysis engine needs this order at run time: the command line
 * tool's bundle then loads this list alone, not zod (~750 KB of code for one enum).
 * Keys, not labels: the web translates them.
 */
export const FRAMEWORK_CATEGORIES = [
  'web-framework',
  'ui',
  'mobile',
  'api',
  'testing',
  'build',
  'lint',
  'language',
  'runtime',
  'orm',
  'database',
  'cache',
  'messaging',
  'search',
  'task-queue',
  'data',
  'auth',
  'observability',
  'infra',
  'cloud',
  'container',
  'ci',
  'docs',
  'package-manager',
  'monorepo',
] as const;
