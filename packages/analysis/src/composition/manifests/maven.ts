import type { DependencyScope, ManifestDependency, ManifestRuntime } from '@rota/contracts';
import type { Mention } from '../frameworks.js';
import { ParseFailure } from '../parsers/parse-failure.js';
import {
  childElement,
  childElements,
  childText,
  parseXml,
  type XmlElement,
} from '../parsers/xml.js';
import { dependency, type ManifestReader } from './types.js';

const MAVEN_SCOPES: Record<string, DependencyScope> = {
  test: 'test',
  provided: 'runtime',
  runtime: 'runtime',
  compile: 'runtime',
  system: 'runtime',
  import: 'build',
};

/** Properties a pom names the Java (or Kotlin) version with. */
const RUNTIME_PROPERTIES: Array<[string, string]> = [
  ['java.version', 'java'],
  ['maven.compiler.release', 'java'],
  ['maven.compiler.source', 'java'],
  ['kotlin.version', 'kotlin'],
];

/** `${name}` references resolved from the pom's own <properties> (and project.version). */
function substitute(value: string | null, properties: Map<string, string>): string | null {
  if (!value) return value;
  return value.replace(/\$\{([^}]+)\}/g, (whole, name: string) => properties.get(name) ?? whole);
}

function coordinates(element: XmlElement, properties: Map<string, string>, defaultGroup = '') {
  const group = substitute(childText(element, 'groupId'), properties) ?? defaultGroup;
  const artifact = substitute(childText(element, 'artifactId'), properties);
  return artifact
    ? {
        name: `${group}:${artifact}`,
        version: substitute(childText(element, 'version'), properties),
      }
    : null;
}

export const mavenReader: ManifestReader = {
  kind: 'maven',
  ecosystem: 'jvm',
  dependencyKey: 'maven',
  matches: (_path, name) => name === 'pom.xml',
  read(source) {
    const project = parseXml(source);
    if (project.name !== 'project')
      throw new ParseFailure(`root element is <${project.name}>, not <project>`);
    const properties = new Map<string, string>();
    for (const property of childElement(project, 'properties')?.children ?? [])
      properties.set(property.name, property.text);
    const parent = childElement(project, 'parent');
    const version = childText(project, 'version') ?? childText(parent, 'version');
    if (version) properties.set('project.version', version);

    const dependencies: ManifestDependency[] = [];
    for (const element of childElements(childElement(project, 'dependencies'), 'dependency')) {
      const found = coordinates(element, properties);
      const scope = MAVEN_SCOPES[childText(element, 'scope') ?? 'compile'] ?? 'runtime';
      if (found) dependencies.push(dependency(found.name, found.version, scope));
    }
    const mentions: Mention[] = [];
    const parentCoordinates = parent && coordinates(parent, properties);
    if (parentCoordinates) mentions.push({ key: 'maven', ...parentCoordinates });
    // Imported BOMs and build plugins say as much about the stack as dependencies do.
    const managed = childElement(childElement(project, 'dependencyManagement'), 'dependencies');
    for (const element of childElements(managed, 'dependency')) {
      const found = coordinates(element, properties);
      if (found && childText(element, 'scope') === 'import')
        mentions.push({ key: 'maven', ...found });
    }
    const plugins = childElement(childElement(project, 'build'), 'plugins');
    for (const element of childElements(plugins, 'plugin')) {
      const found = coordinates(element, properties, 'org.apache.maven.plugins');
      if (found) mentions.push({ key: 'maven', ...found });
    }
    const runtimes: ManifestRuntime[] = [];
    for (const [property, runtime] of RUNTIME_PROPERTIES) {
      const value = substitute(properties.get(property) ?? null, properties);
      if (value && !runtimes.some((item) => item.name === runtime))
        runtimes.push({ name: runtime, version: value });
    }
    const licenses = childElements(childElement(project, 'licenses'), 'license')
      .map((license) => childText(license, 'name'))
      .filter((name): name is string => !!name);
    const modules = childElements(childElement(project, 'modules'), 'module').map(
      (module) => module.text,
    );
    const groupId = childText(project, 'groupId') ?? childText(parent, 'groupId');
    const artifactId = childText(project, 'artifactId');
    return {
      name: artifactId ? (groupId ? `${groupId}:${artifactId}` : artifactId) : null,
      version: substitute(version, properties),
      license: licenses.length ? licenses.join(' OR ') : null,
      dependencies,
      runtimes,
      mentions,
      workspace: modules.length
        ? { tool: 'maven', patterns: modules, memberFile: 'pom.xml' }
        : undefined,
    };
  },
};
