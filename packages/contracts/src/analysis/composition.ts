import { z } from 'zod';
import { FRAMEWORK_CATEGORIES } from './framework-categories.js';

/**
 * "What the repository is made of": the manifests found in the tree and what they name, the
 * frameworks and tools recognised from them, the license, test files with the test-to-code ratio,
 * docs folders, entry points and the workspace layout. Exact definitions: docs/analysis/composition.md.
 */

export const ManifestKindSchema = z.enum([
  'package-json',
  'pnpm-workspace',
  'lerna',
  'pyproject',
  'requirements',
  'setup-cfg',
  'setup-py',
  'pipfile',
  'go-mod',
  'go-work',
  'cargo',
  'maven',
  'gradle',
  'gradle-settings',
  'gradle-version-catalog',
  'gemfile',
  'gemspec',
  'composer',
  'dotnet-project',
  'dotnet-solution',
  'dotnet-central-packages',
  'dockerfile',
  'compose',
  'helm-chart',
  'terraform',
  'kubernetes',
  'kustomization',
  'github-actions',
  'gitlab-ci',
  'circleci',
  'jenkins',
  'azure-pipelines',
  'travis',
  'bitbucket-pipelines',
]);
export type ManifestKind = z.infer<typeof ManifestKindSchema>;

export const ManifestEcosystemSchema = z.enum([
  'javascript',
  'python',
  'go',
  'rust',
  'jvm',
  'ruby',
  'php',
  'dotnet',
  'container',
  'infra',
  'ci',
]);
export type ManifestEcosystem = z.infer<typeof ManifestEcosystemSchema>;

/** Keys, not labels: the web translates them (the order: framework-categories.ts). */
export const FrameworkCategorySchema = z.enum(FRAMEWORK_CATEGORIES);
export type FrameworkCategory = z.infer<typeof FrameworkCategorySchema>;

export const DependencyScopeSchema = z.enum([
  'runtime',
  'dev',
  'peer',
  'optional',
  'build',
  'test',
]);
export type DependencyScope = z.infer<typeof DependencyScopeSchema>;

export const ManifestDependencySchema = z.object({
  name: z.string(),
  /** The requirement exactly as declared ("^18.2.0", ">=4.2,<5", "1.9.1"), or null. */
  version: z.string().nullable(),
  scope: DependencyScopeSchema,
});
export type ManifestDependency = z.infer<typeof ManifestDependencySchema>;

/** A language or platform version a manifest asks for (node engines, go directive, TargetFramework...). */
export const ManifestRuntimeSchema = z.object({ name: z.string(), version: z.string() });
export type ManifestRuntime = z.infer<typeof ManifestRuntimeSchema>;

export const ContainerServiceSchema = z.object({
  name: z.string(),
  image: z.string().nullable(),
  /** Build context when the service is built from the repository. */
  build: z.string().nullable(),
});
export type ContainerService = z.infer<typeof ContainerServiceSchema>;

export const KubernetesResourceSchema = z.object({
  apiVersion: z.string(),
  kind: z.string(),
  name: z.string().nullable(),
});
export type KubernetesResource = z.infer<typeof KubernetesResourceSchema>;

export const CiSummarySchema = z.object({
  /** Workflow or pipeline name when the file declares one. */
  name: z.string().nullable(),
  jobCount: z.number().int().nonnegative(),
  /** Job (or stage) names, first 50. */
  jobs: z.array(z.string()),
  /** Reusable steps named by the pipeline: GitHub actions, CircleCI orbs, Azure tasks; no versions. */
  actions: z.array(z.string()),
  /** Events that start it (push, pull_request, schedule...) when the file says. */
  triggers: z.array(z.string()),
});
export type CiSummary = z.infer<typeof CiSummarySchema>;

export const ManifestParseErrorSchema = z.object({
  /** `unreadable`: the blob is missing from the object store (a partial or damaged clone). */
  code: z.enum(['too-large', 'binary', 'invalid-syntax', 'unreadable']),
  message: z.string(),
});
export type ManifestParseError = z.infer<typeof ManifestParseErrorSchema>;

export const ManifestSchema = z.object({
  path: z.string(),
  kind: ManifestKindSchema,
  ecosystem: ManifestEcosystemSchema,
  name: z.string().nullable(),
  version: z.string().nullable(),
  /** The license field as written in the manifest, if it has one. */
  license: z.string().nullable(),
  /** First 500 dependencies in file order; `dependencyCount` is the full count. */
  dependencies: z.array(ManifestDependencySchema),
  dependencyCount: z.number().int().nonnegative(),
  /** Names of the frameworks and tools recognised from this manifest (see `frameworks`). */
  frameworks: z.array(z.string()),
  runtimes: z.array(ManifestRuntimeSchema),
  /** Workspace member patterns as written (globs included). */
  workspaces: z.array(z.string()),
  /** Container images named: Dockerfile FROM, compose/Kubernetes/CI images. */
  images: z.array(z.string()),
  services: z.array(ContainerServiceSchema),
  resources: z.array(KubernetesResourceSchema),
  ci: CiSummarySchema.nullable(),
  /** Set when the file could not be read as its kind; every other field is then empty. */
  parseError: ManifestParseErrorSchema.nullable(),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export const FrameworkSchema = z.object({
  name: z.string(),
  category: FrameworkCategorySchema,
  /** Paths of the manifests and config files that name it, sorted. */
  evidence: z.array(z.string()),
  /** Declared version from the evidence closest to the root, or null. */
  version: z.string().nullable(),
});
export type Framework = z.infer<typeof FrameworkSchema>;

export const LicenseFileSchema = z.object({
  path: z.string(),
  spdxId: z.string().nullable(),
  /** 0..1: share of the license's fingerprint phrases found in the text (1 for an SPDX tag). */
  confidence: z.number().min(0).max(1),
  method: z.enum(['fingerprint', 'spdx-identifier', 'none']),
});
export type LicenseFile = z.infer<typeof LicenseFileSchema>;

export const DeclaredLicenseSchema = z.object({
  /** The manifest that declares it. */
  path: z.string(),
  value: z.string(),
  /** SPDX ids named by the value (an expression like "MIT OR Apache-2.0" names two). */
  spdxIds: z.array(z.string()),
});
export type DeclaredLicense = z.infer<typeof DeclaredLicenseSchema>;

/**
 * `fileNotDeclared`: the license file at `path` is `license`, which no manifest declares (they
 * declare `others`). `declarationDiffers`: the manifest at `path` declares `license`, but the
 * license files say `others`.
 */
export const LicenseConflictSchema = z.object({
  kind: z.enum(['fileNotDeclared', 'declarationDiffers']),
  path: z.string(),
  license: z.string(),
  others: z.array(z.string()),
});
export type LicenseConflict = z.infer<typeof LicenseConflictSchema>;

export const LicenseReportSchema = z.object({
  /** The repository's license: an SPDX id or expression, or null when unknown. */
  spdxId: z.string().nullable(),
  files: z.array(LicenseFileSchema),
  declared: z.array(DeclaredLicenseSchema),
  agreement: z.enum(['agree', 'disagree', 'file-only', 'declared-only', 'none']),
  /** Each disagreement between files and declarations, as facts the web puts into words. */
  conflicts: z.array(LicenseConflictSchema),
});
export type LicenseReport = z.infer<typeof LicenseReportSchema>;

export const TestLanguageSchema = z.object({
  language: z.string(),
  files: z.number().int().nonnegative(),
  codeLines: z.number().int().nonnegative().nullable(),
});

export const TestsReportSchema = z.object({
  files: z.number().int().nonnegative(),
  /** Code lines of test files, or null without line counts. */
  testCodeLines: z.number().int().nonnegative().nullable(),
  /** Code lines of every other code file, or null without line counts. */
  codeLines: z.number().int().nonnegative().nullable(),
  /** testCodeLines / codeLines; null with `ratioUnavailable` saying why. */
  ratio: z.number().nonnegative().nullable(),
  ratioUnavailable: z.enum(['no-line-counts', 'no-code']).nullable(),
  byLanguage: z.array(TestLanguageSchema),
  /** Top-level folders holding test files, most files first (first 20). */
  directories: z.array(z.string()),
});
export type TestsReport = z.infer<typeof TestsReportSchema>;

export const DocsFolderSchema = z.object({
  path: z.string(),
  files: z.number().int().nonnegative(),
  markdownFiles: z.number().int().nonnegative(),
  mdxFiles: z.number().int().nonnegative(),
  /** Site generator recognised from its config (Docusaurus, MkDocs, Sphinx...), or null. */
  generator: z.string().nullable(),
});
export type DocsFolder = z.infer<typeof DocsFolderSchema>;

export const EntryPointKindSchema = z.enum([
  'package-main',
  'package-module',
  'package-bin',
  'package-exports',
  'source-main',
  'go-main',
  'python-main',
  'python-script',
  'django-manage',
  'dotnet-program',
  'rust-main',
  'rust-bin',
  'php-bin',
  'html-index',
  'docker-entrypoint',
  'docker-cmd',
]);
export type EntryPointKind = z.infer<typeof EntryPointKindSchema>;

export const EntryPointSchema = z.object({
  kind: EntryPointKindSchema,
  /** The file it points to, relative to the root, when it names one. */
  path: z.string().nullable(),
  /** The manifest or Dockerfile that declares it; null when found by file convention. */
  declaredIn: z.string().nullable(),
  /** Command or export name (bin name, "." export, script name). */
  name: z.string().nullable(),
  /** Dockerfile CMD/ENTRYPOINT or script target as text; never executed. */
  command: z.string().nullable(),
  /** Whether `path` exists in the tree (a built `dist/` file usually does not). */
  inTree: z.boolean(),
});
export type EntryPoint = z.infer<typeof EntryPointSchema>;

export const WorkspaceToolSchema = z.enum([
  'npm',
  'yarn',
  'pnpm',
  'bun',
  'lerna',
  'cargo',
  'go',
  'maven',
  'gradle',
  'dotnet',
]);

export const WorkspaceLayoutSchema = z.object({
  tool: WorkspaceToolSchema,
  /** The manifest that declares the workspace. */
  manifest: z.string(),
  patterns: z.array(z.string()),
  /** Member folders (relative to the repository root) that hold the member manifest. */
  members: z.array(z.object({ path: z.string(), name: z.string().nullable() })),
});
export type WorkspaceLayout = z.infer<typeof WorkspaceLayoutSchema>;

export const CompositionAnalysisSchema = z.object({
  manifests: z.array(ManifestSchema),
  frameworks: z.array(FrameworkSchema),
  license: LicenseReportSchema,
  tests: TestsReportSchema,
  docs: z.array(DocsFolderSchema),
  entryPoints: z.array(EntryPointSchema),
  workspaces: z.array(WorkspaceLayoutSchema),
  /** Manifests found beyond the reading cap (2,000), listed nowhere else. */
  manifestsSkipped: z.number().int().nonnegative(),
});
export type CompositionAnalysis = z.infer<typeof CompositionAnalysisSchema>;
