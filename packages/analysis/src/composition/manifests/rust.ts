import type { DependencyScope, ManifestDependency } from '@rota/contracts';
import { parseToml } from '../parsers/toml.js';
import { dependency, record, strings, text, type ManifestReader } from './types.js';

/** `serde = "1"`, `serde = { version = "1" }`, `web = { package = "actix-web", ... }`, `x.workspace = true`. */
function cargoTable(value: unknown, scope: DependencyScope): ManifestDependency[] {
  return Object.entries(record(value)).map(([key, spec]) => {
    const table = record(spec);
    const name = text(table.package) ?? key;
    return dependency(name, typeof spec === 'string' ? spec : table.version, scope);
  });
}

function cargoDependencies(table: Record<string, unknown>): ManifestDependency[] {
  return [
    ...cargoTable(table.dependencies, 'runtime'),
    ...cargoTable(table['dev-dependencies'], 'dev'),
    ...cargoTable(table['build-dependencies'], 'build'),
  ];
}

export const cargoReader: ManifestReader = {
  kind: 'cargo',
  ecosystem: 'rust',
  dependencyKey: 'cargo',
  matches: (_path, name) => name === 'Cargo.toml',
  read(source) {
    const toml = parseToml(source);
    const pkg = record(toml.package);
    const workspace = record(toml.workspace);
    const shared = record(workspace.package);
    const targets = Object.values(record(toml.target)).flatMap((target) =>
      cargoDependencies(record(target)),
    );
    const rustVersion = text(pkg['rust-version']) ?? text(shared['rust-version']);
    const edition = text(pkg.edition) ?? text(shared.edition);
    const members = strings(workspace.members);
    const excluded = strings(workspace.exclude).map((pattern) => `!${pattern}`);
    return {
      name: text(pkg.name),
      version: text(pkg.version) ?? text(shared.version),
      license: text(pkg.license) ?? text(shared.license),
      dependencies: [
        ...cargoDependencies(toml),
        ...targets,
        ...cargoTable(workspace.dependencies, 'runtime'),
      ],
      runtimes: [
        ...(rustVersion ? [{ name: 'rust', version: rustVersion }] : []),
        ...(edition ? [{ name: 'rust-edition', version: edition }] : []),
      ],
      workspace:
        'workspace' in toml
          ? { tool: 'cargo', patterns: [...members, ...excluded], memberFile: 'Cargo.toml' }
          : undefined,
      entryPoints: (Array.isArray(toml.bin) ? toml.bin : []).map((bin) => ({
        kind: 'rust-bin' as const,
        target: text(record(bin).path),
        name: text(record(bin).name),
        command: null,
      })),
    };
  },
};
