import type { PullRequestPattern } from '@rota/contracts';

/**
 * The pull/merge request a commit names, from the messages hosting services write when they
 * merge one. Checked in this order, first match wins:
 *   github-merge          subject "Merge pull request #N from owner/branch"
 *   bitbucket-merge       subject "Merged in branch (pull request #N)"
 *   azure-devops-merge    subject "Merged PR N: title"
 *   gitlab-merge-request  a body line "See merge request group/project!N" (or "!N" alone)
 *   squash                subject ending "(#N)", GitHub's squash and rebase-merge title
 * The squash form is also what people type to cite an issue ("Fix crash (#12)"); GitHub itself
 * cannot tell these apart from a commit message, so neither can we.
 */
const SUBJECT_PATTERNS: Array<[PullRequestPattern, RegExp]> = [
  ['github-merge', /^Merge pull request #(\d+) from \S/],
  ['bitbucket-merge', /^Merged in \S.* \(pull request #(\d+)\)/],
  ['azure-devops-merge', /^Merged PR (\d+): /],
];
const GITLAB_BODY = /^See merge request (?:[\w.-]+(?:\/[\w.-]+)*)?!(\d+)\s*$/m;
const SQUASH_SUBJECT = /\(#(\d+)\)\s*$/;

// Beyond JavaScript's safe integers a number is surely not a PR id; drop it rather than round it.
const toNumber = (digits: string) => {
  const value = Number(digits);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
};

export function findPullRequest(
  subject: string,
  body: string,
): { number: number; pattern: PullRequestPattern } | null {
  for (const [pattern, regex] of SUBJECT_PATTERNS) {
    const match = regex.exec(subject);
    const number = match && toNumber(match[1]!);
    if (number) return { number, pattern };
  }
  const gitlab = body ? GITLAB_BODY.exec(body) : null;
  const gitlabNumber = gitlab && toNumber(gitlab[1]!);
  if (gitlabNumber) return { number: gitlabNumber, pattern: 'gitlab-merge-request' };
  const squash = SQUASH_SUBJECT.exec(subject);
  const squashNumber = squash && toNumber(squash[1]!);
  return squashNumber ? { number: squashNumber, pattern: 'squash' } : null;
}
