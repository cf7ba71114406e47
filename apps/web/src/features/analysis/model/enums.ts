import type { DiagramRole, FrameworkCategory, StructureFileCategory } from '@rota/contracts';

/**
 * The contracts' enumerations the pages list in order. Written out rather than read from the zod
 * schemas at run time: importing those schemas would pull the analysis contracts (and the zod
 * features they use) into the code every page shares, the sign-in page included. The type checks
 * below fail the build if a value is missing; enums.test.ts checks the order against the contracts.
 */
export const STRUCTURE_CATEGORIES = [
  'code',
  'vendored',
  'generated',
  'documentation',
  'binary',
  'data',
  'other',
] as const satisfies readonly StructureFileCategory[];

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
] as const satisfies readonly FrameworkCategory[];

export const DIAGRAM_ROLES = [
  'entry-point',
  'web-ui',
  'api',
  'data',
  'tests',
  'infra',
  'docs',
  'library',
  'tooling',
] as const satisfies readonly DiagramRole[];

type Covers<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : false;
const covered: [
  Covers<StructureFileCategory, (typeof STRUCTURE_CATEGORIES)[number]>,
  Covers<FrameworkCategory, (typeof FRAMEWORK_CATEGORIES)[number]>,
  Covers<DiagramRole, (typeof DIAGRAM_ROLES)[number]>,
] = [true, true, true];
void covered;
