import type {
  CommunityFile,
  CommunityFileKind,
  CommunityFileLocation,
  CommunityFilesCheck,
} from '@rota/contracts';
import type { RepoSnapshot } from '../snapshot/snapshot.js';
import { findReadme } from './find-readme.js';
import { repositoryLicenseFiles } from '../facts/license-files.js';
import { ciFilesIn, type RepoFacts } from '../facts/repo-facts.js';

/**
 * Spec §7's readme-check: the community health files GitHub looks for, each present or missing and
 * where. GitHub reads them from `.github/`, the root and `docs/` (in that order of precedence); the
 * license only from the root (and REUSE's `LICENSES/`); CI files have fixed paths of their own
 * (both from facts/). Symlinks count as present.
 */
const PLACES: ReadonlyArray<[string, CommunityFileLocation]> = [
  ['.github', 'github'],
  ['', 'root'],
  ['docs', 'docs'],
];

const named = (pattern: RegExp) => (name: string) => pattern.test(name);
const ANY_EXTENSION = '(?:\\.[^./]+)?$';

/** For each kind: which file names (in a community place) count, and whether sub-folders do. */
const RULES: Record<
  Exclude<CommunityFileKind, 'readme' | 'ci' | 'license'>,
  { file: (name: string) => boolean; folder?: RegExp }
> = {
  contributing: { file: named(new RegExp(`^contributing${ANY_EXTENSION}`, 'i')) },
  codeOfConduct: { file: named(new RegExp(`^code[_-]of[_-]conduct${ANY_EXTENSION}`, 'i')) },
  security: { file: named(new RegExp(`^security${ANY_EXTENSION}`, 'i')) },
  changelog: {
    file: named(new RegExp(`^(?:change[_-]?log|changes|history|news)${ANY_EXTENSION}`, 'i')),
  },
  support: { file: named(new RegExp(`^support${ANY_EXTENSION}`, 'i')) },
  issueTemplate: { file: named(/^issue_template(?:\.(?:md|txt))?$/i), folder: /^issue_template$/i },
  pullRequestTemplate: {
    file: named(/^pull_request_template(?:\.(?:md|txt))?$/i),
    folder: /^pull_request_template$/i,
  },
  codeowners: { file: named(/^codeowners$/i) },
};

const SUGGESTIONS: Record<CommunityFileKind, string> = {
  readme: 'addReadme',
  license: 'addLicense',
  contributing: 'addContributing',
  codeOfConduct: 'addCodeOfConduct',
  security: 'addSecurityPolicy',
  changelog: 'addChangelog',
  support: 'addSupport',
  issueTemplate: 'addIssueTemplate',
  pullRequestTemplate: 'addPullRequestTemplate',
  codeowners: 'addCodeowners',
  ci: 'addCi',
};

type Found = CommunityFile['found'];

function placeOf(filePath: string): { place: number; rest: string } | null {
  let root: { place: number; rest: string } | null = null;
  for (let index = 0; index < PLACES.length; index++) {
    const prefix = PLACES[index]![0];
    if (!prefix) {
      // Root files, and root folders such as ISSUE_TEMPLATE/ (the rule decides what may nest).
      root = { place: index, rest: filePath };
    } else if (filePath.startsWith(`${prefix}/`)) {
      return { place: index, rest: filePath.slice(prefix.length + 1) };
    }
  }
  return root;
}

function matchRule(paths: readonly string[], rule: (typeof RULES)[keyof typeof RULES]): Found {
  const found: Array<Found[number] & { place: number }> = [];
  for (const filePath of paths) {
    const where = placeOf(filePath);
    if (!where) continue;
    const [first, ...more] = where.rest.split('/');
    const matches = more.length === 0 ? rule.file(first!) : Boolean(rule.folder?.test(first!));
    if (matches)
      found.push({ path: filePath, location: PLACES[where.place]![1], place: where.place });
  }
  return found
    .sort((a, b) => a.place - b.place || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map(({ path, location }) => ({ path, location }));
}

function ciFiles(paths: readonly string[]): Found {
  return paths.map((filePath) => ({
    path: filePath,
    location: filePath.startsWith('.github/')
      ? 'github'
      : filePath.includes('/')
        ? 'other'
        : 'root',
  }));
}

/** Presence needs no blob: without the collected facts, license files are found by path alone. */
function factsByPath(
  snapshot: Pick<RepoSnapshot, 'files' | 'symlinks'>,
): Pick<RepoFacts, 'paths' | 'licenseFiles' | 'ciFiles'> {
  const paths = [
    ...snapshot.files.map((file) => file.path),
    ...snapshot.symlinks.map((link) => link.path),
  ];
  return {
    paths,
    licenseFiles: repositoryLicenseFiles(paths).map((path) => ({
      path,
      spdxId: null,
      confidence: 0,
      method: 'none' as const,
    })),
    ciFiles: ciFilesIn(paths),
  };
}

/** The license and CI files are the shared facts' (the same the README check and composition read). */
export function checkCommunityFiles(
  snapshot: Pick<RepoSnapshot, 'files' | 'symlinks'>,
  facts: Pick<RepoFacts, 'paths' | 'licenseFiles' | 'ciFiles'> = factsByPath(snapshot),
): CommunityFilesCheck {
  const paths = facts.paths;
  const readmes: Found = findReadme(snapshot).candidates.map((candidate) => ({
    path: candidate.path,
    location: placeOf(candidate.path) ? PLACES[placeOf(candidate.path)!.place]![1] : 'other',
  }));
  const foundByKind: Record<CommunityFileKind, Found> = {
    readme: readmes,
    license: facts.licenseFiles.map((file) => ({ path: file.path, location: 'root' as const })),
    contributing: matchRule(paths, RULES.contributing),
    codeOfConduct: matchRule(paths, RULES.codeOfConduct),
    security: matchRule(paths, RULES.security),
    changelog: matchRule(paths, RULES.changelog),
    support: matchRule(paths, RULES.support),
    issueTemplate: matchRule(paths, RULES.issueTemplate),
    pullRequestTemplate: matchRule(paths, RULES.pullRequestTemplate),
    codeowners: matchRule(paths, RULES.codeowners),
    ci: ciFiles(facts.ciFiles),
  };
  const files = (Object.keys(foundByKind) as CommunityFileKind[]).map((kind) => {
    const found = foundByKind[kind];
    return {
      kind,
      present: found.length > 0,
      found,
      suggestionKey: found.length ? null : `community.suggestion.${SUGGESTIONS[kind]}`,
    };
  });
  return { files, present: files.filter((file) => file.present).length, total: files.length };
}
