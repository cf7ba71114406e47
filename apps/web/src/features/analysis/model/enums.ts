import {
  FRAMEWORK_CATEGORIES,
  type DiagramRole,
  type FrameworkCategory,
  type StructureFileCategory,
} from '@rota/contracts';

/**
 * The contracts' enumerations the pages list in order. Written out rather than read from the zod
 * schemas at run time, unless the contracts keep the list apart from zod: importing those schemas
 * would pull the analysis contracts (and the zod features they use) into the code every page
 * shares, the sign-in page included. The type checks below fail the build if a value is missing;
 * test/analysis-fixtures.test.ts checks the order against the contracts.
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

/**
 * The contracts' own list: it is zod-free (framework-categories.ts), so reading it costs a page
 * these names and nothing of the schemas.
 */
export { FRAMEWORK_CATEGORIES };

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
