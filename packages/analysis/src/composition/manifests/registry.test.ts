import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { basename } from '../../facts/paths.js';
import { MANIFEST_READERS, readerFor } from './registry.js';

/** Every reader asked in order, as readerFor did before its prefilter. */
const slowReaderFor = (path: string) =>
  MANIFEST_READERS.find((reader) => reader.matches(path, basename(path)));

// Names some reader takes (or nearly does), each also in other cases and folders, plus this
// repository's own paths: the prefilter must never hide a file a reader would take.
const NAMES = [
  'package.json',
  'pnpm-workspace.yaml',
  'pnpm-workspace.yml',
  'lerna.json',
  'pyproject.toml',
  'requirements.txt',
  'dev-requirements.in',
  'requirements-test.txt',
  'base.txt',
  'setup.cfg',
  'setup.py',
  'Pipfile',
  'go.mod',
  'go.work',
  'Cargo.toml',
  'pom.xml',
  'build.gradle',
  'build.gradle.kts',
  'settings.gradle',
  'settings.gradle.kts',
  'libs.versions.toml',
  'Gemfile',
  'gems.rb',
  'rota.gemspec',
  'composer.json',
  'App.csproj',
  'Lib.fsproj',
  'Old.vbproj',
  'All.sln',
  'Directory.Packages.props',
  'Dockerfile',
  'Dockerfile.dev',
  'Containerfile',
  'api.dockerfile',
  'Dockerfile.md',
  'docker-compose.yml',
  'compose.yaml',
  'compose.override.yml',
  'Chart.yaml',
  'main.tf',
  'config.yml',
  'config.yaml',
  '.gitlab-ci.yml',
  'azure-pipelines.yml',
  'bitbucket-pipelines.yml',
  '.travis.yml',
  'Jenkinsfile',
  'Jenkinsfile.release',
  'build.jenkinsfile',
  'kustomization.yaml',
  'Kustomization',
  'deploy.yaml',
  '.drone.yml',
  'appveyor.yml',
  'index.js',
  'README.md',
  'Makefile',
  'LICENSE',
  'x.json5',
  'a.in.js',
];
const FOLDERS = [
  '',
  'app/',
  '.github/workflows/',
  '.circleci/',
  'requirements/',
  'gradle/',
  '.azure-pipelines/',
  'deploy/k8s/',
  'jenkinsfile/',
  'Dockerfile/',
];

function candidatePaths(): string[] {
  const paths = new Set<string>();
  for (const folder of FOLDERS)
    for (const name of NAMES)
      for (const variant of [name, name.toLowerCase(), name.toUpperCase()])
        paths.add(`${folder}${variant}`);
  // This repository's own files (sources, manifests, CI scripts), wherever it is checked out.
  const root = fileURLToPath(new URL('../../../../../', import.meta.url));
  for (const top of ['packages', 'apps', 'bench', 'scripts', 'e2e', '.ci'])
    for (const path of readdirSync(`${root}${top}`, { recursive: true, encoding: 'utf8' }))
      if (!/(?:^|\/)(?:node_modules|dist)\//.test(path)) paths.add(`${top}/${path}`);
  return [...paths];
}

describe('readerFor', () => {
  it('answers as asking every reader in order does', () => {
    const paths = candidatePaths();
    const differing = paths.filter((path) => readerFor(path) !== slowReaderFor(path));
    expect(differing).toEqual([]);
    // The names above do reach most readers, so the comparison is not vacuous.
    const kinds = new Set(paths.map((path) => readerFor(path)?.kind).filter(Boolean));
    expect(kinds.size).toBeGreaterThanOrEqual(MANIFEST_READERS.length - 2);
  });
});
