import type { DiagramRole, ExternalSystemCategory } from '@rota/contracts';

/**
 * Where a name comes from: npm/py/go/jvm/dotnet/cargo/php/gem are what code imports (npm and gem
 * also what manifests list), pypi/maven/composer are manifest package names, prisma is a
 * `datasource` provider and url a connection-string scheme found in a string literal.
 */
export type Ecosystem =
  | 'npm'
  | 'py'
  | 'pypi'
  | 'go'
  | 'jvm'
  | 'maven'
  | 'dotnet'
  | 'cargo'
  | 'php'
  | 'composer'
  | 'gem'
  | 'prisma'
  | 'url';

/** Space-separated names per ecosystem (a table of strings reads better than a wall of arrays). */
export type RuleMatch = Partial<Record<Ecosystem, string>>;

export interface SystemRule {
  id: string;
  label: string;
  category: ExternalSystemCategory;
  match: RuleMatch;
  /**
   * Names under `match` that are data formats or value types, not clients: importing them encodes
   * data (gin encodes BSON with `go.mongodb.org/mongo-driver/v2/bson`) and talks to nothing. They
   * are no evidence, and a manifest dependency whose only imports are these is none either.
   */
  formats?: RuleMatch;
}

export interface FrameworkRule {
  id: string;
  label: string;
  /** The role a component using it most likely plays. */
  role: Extract<DiagramRole, 'api' | 'web-ui'>;
  match: RuleMatch;
}
