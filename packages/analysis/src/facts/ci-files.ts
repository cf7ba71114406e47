/**
 * CI configuration files by system: the one list the community-files check and the composition's
 * CI readers share. Found by path alone, whatever the structure analysis classifies them as
 * (Linguist calls all of `.github/` vendored, which says nothing about whether CI exists).
 */
export type CiSystem =
  | 'github-actions'
  | 'gitlab-ci'
  | 'circleci'
  | 'azure-pipelines'
  | 'travis'
  | 'bitbucket-pipelines'
  | 'jenkins'
  | 'drone'
  | 'appveyor';

const CI_FILES: ReadonlyArray<[CiSystem, RegExp]> = [
  ['github-actions', /^\.github\/workflows\/[^/]+\.ya?ml$/i],
  ['gitlab-ci', /(?:^|\/)\.gitlab-ci\.ya?ml$/],
  ['circleci', /^\.circleci\/config\.ya?ml$/],
  [
    'azure-pipelines',
    /(?:^|\/)\.?azure-pipelines(?:\.[\w-]+)?\.ya?ml$|(?:^|\/)\.?azure-pipelines\/[^/]+\.ya?ml$/,
  ],
  ['travis', /^\.travis\.ya?ml$/],
  ['bitbucket-pipelines', /(?:^|\/)bitbucket-pipelines\.yml$/],
  ['jenkins', /(?:^|\/)Jenkinsfile(?:[._-][^/]+)?$|\.jenkinsfile$/i],
  ['drone', /^\.drone\.ya?ml$/],
  ['appveyor', /^\.?appveyor\.ya?ml$/],
];

/** What every pattern above needs: a YAML extension, or "jenkinsfile" in some case. */
const MAY_BE_CI = /\.ya?ml$|jenkinsfile/i;

// The manifest readers ask about the same path once per CI system, path after path.
let lastPath: string | undefined;
let lastSystem: CiSystem | null = null;

/** The CI system `path` configures, or null when it is no CI file. */
export function ciSystemOf(path: string): CiSystem | null {
  if (path !== lastPath) {
    lastPath = path;
    lastSystem = MAY_BE_CI.test(path)
      ? (CI_FILES.find(([, pattern]) => pattern.test(path))?.[0] ?? null)
      : null;
  }
  return lastSystem;
}

export function isCiFile(path: string): boolean {
  return ciSystemOf(path) !== null;
}
