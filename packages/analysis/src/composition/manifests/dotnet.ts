import type { ManifestDependency } from '@rota/contracts';
import type { Mention } from '../frameworks.js';
import { ParseFailure } from '../parsers/parse-failure.js';
import { childText, parseXml, type XmlElement } from '../parsers/xml.js';
import { basename, dirname } from '../../facts/paths.js';
import { dependency, type ManifestReader } from './types.js';

function* descendants(element: XmlElement): Generator<XmlElement> {
  for (const child of element.children) {
    yield child;
    yield* descendants(child);
  }
}

/** MSBuild properties live in any PropertyGroup; the first non-empty value wins. */
function property(project: XmlElement, name: string): string | null {
  for (const group of project.children.filter((child) => child.name === 'PropertyGroup')) {
    const value = childText(group, name);
    if (value) return value;
  }
  return null;
}

/** `<PackageReference Include="x" Version="1" />` or with a `<Version>` child element. */
function packageItems(project: XmlElement, item: string): ManifestDependency[] {
  const found: ManifestDependency[] = [];
  for (const element of descendants(project)) {
    if (element.name !== item || !element.attributes.Include) continue;
    const version = element.attributes.Version ?? childText(element, 'Version');
    const privateAssets = element.attributes.PrivateAssets ?? childText(element, 'PrivateAssets');
    found.push(
      dependency(
        element.attributes.Include,
        version,
        privateAssets?.toLowerCase() === 'all' ? 'dev' : 'runtime',
      ),
    );
  }
  return found;
}

function readProject(source: string): XmlElement {
  const project = parseXml(source);
  if (project.name !== 'Project')
    throw new ParseFailure(`root element is <${project.name}>, not <Project>`);
  return project;
}

export const dotnetProjectReader: ManifestReader = {
  kind: 'dotnet-project',
  ecosystem: 'dotnet',
  dependencyKey: 'nuget',
  matches: (_path, name) => /\.(cs|fs|vb)proj$/i.test(name),
  read(source, path) {
    const project = readProject(source);
    // The SDK says what kind of project it is: Microsoft.NET.Sdk.Web is ASP.NET Core.
    const sdks = [
      project.attributes.Sdk,
      ...[...descendants(project)].map((element) =>
        element.name === 'Sdk' ? element.attributes.Name : element.attributes.Sdk,
      ),
    ].filter((sdk): sdk is string => !!sdk);
    const frameworks = (
      property(project, 'TargetFrameworks') ??
      property(project, 'TargetFramework') ??
      property(project, 'TargetFrameworkVersion') ??
      ''
    )
      .split(';')
      .map((framework) => framework.trim())
      .filter(Boolean);
    return {
      name: property(project, 'AssemblyName') ?? basename(path).replace(/\.[^.]+$/, ''),
      version: property(project, 'Version'),
      license: property(project, 'PackageLicenseExpression'),
      dependencies: packageItems(project, 'PackageReference'),
      runtimes: frameworks.map((version) => ({ name: '.NET', version })),
      mentions: sdks.map((sdk): Mention => ({ key: 'nuget', name: sdk.split('/')[0]! })),
    };
  },
};

/** Central package management: versions declared once for every project of the repository. */
export const dotnetCentralPackagesReader: ManifestReader = {
  kind: 'dotnet-central-packages',
  ecosystem: 'dotnet',
  dependencyKey: 'nuget',
  matches: (_path, name) => name === 'Directory.Packages.props',
  read(source) {
    return { dependencies: packageItems(readProject(source), 'PackageVersion') };
  },
};

/** Project lines of a .sln: `Project("{type}") = "Name", "src\Name\Name.csproj", "{id}"`. */
export const dotnetSolutionReader: ManifestReader = {
  kind: 'dotnet-solution',
  ecosystem: 'dotnet',
  matches: (_path, name) => name.toLowerCase().endsWith('.sln'),
  read(source) {
    if (!/Microsoft Visual Studio Solution File|^\s*Project\(/m.test(source))
      throw new ParseFailure('not a Visual Studio solution file');
    const folders = [...source.matchAll(/^Project\("[^"]*"\)\s*=\s*"[^"]*",\s*"([^"]+)"/gm)]
      .map((match) => match[1]!.replace(/\\/g, '/'))
      .filter((projectPath) => /\.\w+proj$/i.test(projectPath))
      .map((projectPath) => dirname(projectPath) || '.');
    return { workspace: { tool: 'dotnet', patterns: [...new Set(folders)], memberFile: null } };
  },
};
