import type {
  CiSummary,
  ContainerService,
  DependencyScope,
  EntryPointKind,
  KubernetesResource,
  ManifestDependency,
  ManifestEcosystem,
  ManifestKind,
  ManifestRuntime,
  WorkspaceLayout,
} from '@rota/contracts';
import type { Mention } from '../frameworks.js';
import type { MatcherKey } from '../knowledge.js';

export type WorkspaceTool = WorkspaceLayout['tool'];

/** A workspace a manifest declares; members are resolved against the tree later. */
export interface WorkspaceDeclaration {
  tool: WorkspaceTool;
  /** Globs or folders relative to the manifest's folder; a leading `!` excludes. */
  patterns: string[];
  /** The file a member folder must hold (package.json, Cargo.toml, ...); null: any folder. */
  memberFile: string | null;
}

/** An entry point a manifest names; `target` is relative to the manifest's folder. */
export interface EntryPointDeclaration {
  kind: EntryPointKind;
  target: string | null;
  name: string | null;
  command: string | null;
}

/** Everything one manifest says, before it is shaped into the result's `Manifest`. */
export interface ManifestFacts {
  name?: string | null;
  version?: string | null;
  license?: string | null;
  dependencies?: ManifestDependency[];
  runtimes?: ManifestRuntime[];
  workspace?: WorkspaceDeclaration;
  images?: string[];
  services?: ContainerService[];
  resources?: KubernetesResource[];
  ci?: CiSummary;
  /** Framework hints beyond the dependencies (plugins, images, actions, tool sections). */
  mentions?: Mention[];
  entryPoints?: EntryPointDeclaration[];
}

export interface ManifestReader {
  kind: ManifestKind;
  ecosystem: ManifestEcosystem;
  /** The knowledge-table namespace the manifest's dependency names belong to. */
  dependencyKey?: MatcherKey;
  /** Whether the file at `path` (file name `name`) is this kind of manifest. */
  matches(path: string, name: string): boolean;
  /**
   * What the file says; null when it turns out not to be this kind after all (a YAML file that
   * holds no Kubernetes object). Throws on a malformed file; the caller turns that into parseError.
   */
  read(text: string, path: string): ManifestFacts | null;
}

export function dependency(
  name: string,
  version: unknown,
  scope: DependencyScope = 'runtime',
): ManifestDependency {
  return {
    name,
    version: typeof version === 'string' && version.trim() ? version.trim() : null,
    scope,
  };
}

/** A string field, or null for anything else: manifests are untrusted and often half-written. */
export function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A manifest whose syntax is fine but whose shape is not what its kind requires. */
export function requireObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${what} is not an object`);
  return value as Record<string, unknown>;
}
