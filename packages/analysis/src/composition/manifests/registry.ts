import { basename } from '../../facts/paths.js';
import { githubActionsReader, gitlabCiReader } from './ci-github-gitlab.js';
import {
  azurePipelinesReader,
  bitbucketReader,
  circleCiReader,
  jenkinsReader,
  travisReader,
} from './ci-others.js';
import { composeReader, dockerfileReader } from './containers.js';
import {
  dotnetCentralPackagesReader,
  dotnetProjectReader,
  dotnetSolutionReader,
} from './dotnet.js';
import { goModReader, goWorkReader } from './go.js';
import { gradleCatalogReader, gradleReader, gradleSettingsReader } from './gradle.js';
import {
  helmChartReader,
  kubernetesReader,
  kustomizationReader,
  terraformReader,
} from './infra.js';
import { lernaReader, packageJsonReader, pnpmWorkspaceReader } from './javascript.js';
import { mavenReader } from './maven.js';
import { composerReader } from './php.js';
import {
  pipfileReader,
  pyprojectReader,
  requirementsReader,
  setupCfgReader,
  setupPyReader,
} from './python.js';
import { gemfileReader, gemspecReader } from './ruby.js';
import { cargoReader } from './rust.js';
import type { ManifestReader } from './types.js';

/**
 * Every manifest reader, most specific first: the first whose `matches` accepts a path reads it.
 * The Kubernetes reader accepts any remaining YAML file and comes last; it decides from the content.
 */
export const MANIFEST_READERS: ManifestReader[] = [
  packageJsonReader,
  pnpmWorkspaceReader,
  lernaReader,
  pyprojectReader,
  requirementsReader,
  setupCfgReader,
  setupPyReader,
  pipfileReader,
  goModReader,
  goWorkReader,
  cargoReader,
  mavenReader,
  gradleReader,
  gradleSettingsReader,
  gradleCatalogReader,
  gemfileReader,
  gemspecReader,
  composerReader,
  dotnetProjectReader,
  dotnetSolutionReader,
  dotnetCentralPackagesReader,
  dockerfileReader,
  composeReader,
  helmChartReader,
  terraformReader,
  githubActionsReader,
  gitlabCiReader,
  circleCiReader,
  jenkinsReader,
  azurePipelinesReader,
  travisReader,
  bitbucketReader,
  kustomizationReader,
  kubernetesReader,
];

/**
 * What the name of every file some reader above takes has: one of their extensions, or one of
 * their names (Pipfile, Gemfile, Dockerfile and kin, Kustomization, Jenkinsfile). Asking 34
 * readers about each of prettier's 9,347 paths had cost ~10 ms, and each reader's `matches` was
 * compiled by V8 on its own (20-odd compiles); most paths (.js, .ts, .md) pass none. A
 * prefilter only: the readers still decide, in order (registry.test.ts holds it to them).
 */
const MAY_BE_MANIFEST =
  /\.(?:json|ya?ml|toml|txt|in|cfg|py|mod|work|xml|gradle|kts|rb|gemspec|props|sln|csproj|fsproj|vbproj|tf)$|^(?:pipfile|gemfile|kustomization)|dockerfile|containerfile|jenkinsfile/i;

export function readerFor(path: string): ManifestReader | undefined {
  const name = basename(path);
  if (!MAY_BE_MANIFEST.test(name)) return undefined;
  return MANIFEST_READERS.find((reader) => reader.matches(path, name));
}
