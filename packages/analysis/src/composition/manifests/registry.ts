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

export function readerFor(path: string): ManifestReader | undefined {
  const name = basename(path);
  return MANIFEST_READERS.find((reader) => reader.matches(path, name));
}
