import { baseName, generatedOrVendored, isLockfile } from './paths.js';
import { addedLines } from './hunks.js';
import type { DiffEntry, ReviewRule } from './types.js';

/** Rules about the pull request as a whole: its size, description and title. */

/** The size past which reviewers stop reading carefully; named once, used by the rule and docs. */
export const LARGE_PR_LIMITS = { changedLines: 1000, files: 50 } as const;

export const largePullRequestRule: ReviewRule = {
  id: 'pr.too-large',
  severity: 'medium',
  category: 'process',
  confidence: 1,
  description: `More than ${LARGE_PR_LIMITS.changedLines} changed lines or ${LARGE_PR_LIMITS.files} files (lockfiles and generated files not counted).`,
  check({ input }) {
    const { additions, deletions, changedFiles } = input.pullRequest;
    // Lockfiles and generated code inflate the count without asking for a reader's attention.
    const machineMade = input.files.filter(
      (entry) =>
        isLockfile(entry.filename) ||
        generatedOrVendored(entry.filename, addedLines(entry.patch)) !== null,
    );
    const lines =
      additions + deletions - machineMade.reduce((sum, entry) => sum + entry.changes, 0);
    const files = changedFiles - machineMade.length;
    if (lines <= LARGE_PR_LIMITS.changedLines && files <= LARGE_PR_LIMITS.files) return [];
    return [
      {
        file: null,
        line: null,
        title: 'Very large pull request',
        message:
          `This pull request changes ${lines} lines in ${files} files (lockfiles and generated ` +
          `files not counted); reviews past ${LARGE_PR_LIMITS.changedLines} lines or ` +
          `${LARGE_PR_LIMITS.files} files miss more. Split it into smaller pull requests if you can.`,
      },
    ];
  },
};

/** Under this many characters of the author's own words, a description says nothing. */
const MIN_DESCRIPTION = 20;

/** The author's prose: a template's comments, headings, empty checkboxes and rules removed. */
export function descriptionProse(body: string | null): string {
  if (!body) return '';
  return body
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .split('\n')
    .filter((line) => !/^\s*#{1,6}\s/.test(line))
    .filter((line) => !/^\s*[-*]\s+\[ \]\s*/.test(line))
    .filter((line) => !/^\s*([-*_]\s*){3,}$/.test(line))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export const missingDescriptionRule: ReviewRule = {
  id: 'pr.missing-description',
  severity: 'low',
  category: 'process',
  confidence: 1,
  description: `The description is empty or under ${MIN_DESCRIPTION} characters once an untouched template is removed.`,
  check({ input }) {
    if (descriptionProse(input.pullRequest.body).length >= MIN_DESCRIPTION) return [];
    return [
      {
        file: null,
        line: null,
        title: 'No description',
        message:
          'The pull request has no description of its own. Say what changes and why, and how it ' +
          'was tested, so reviewers (and whoever reads the history later) do not have to guess.',
      },
    ];
  },
};

const CONVENTIONAL_COMMITS =
  /^(feat|fix|docs|style|refactor|perf|test|build|ci|chore|revert)(\([^()\s][^()]*\))?!?: \S/;
const UNINFORMATIVE = [/^\s*$/, /^\s*\[?wip\]?\s*:?\s*$/i, /^\s*\[?wip\]?[\s:]/i];
/** GitHub's web editor titles a one-file change "Update README.md"; that says nothing. */
const EDITOR_DEFAULT = /^Update (\S+)$/;
const FILE_NAME = /^[\w.-]*\w\.[A-Za-z0-9]+$/;

/**
 * The web editor's default title names a file. "Update `path-to-regexp@0.1.x`" also has one word
 * after "Update" but names what changed, so the word must look like a file name or be one the pull
 * request changes (express's merged pull requests had both).
 */
function editorDefaultTitle(title: string, files: DiffEntry[]): boolean {
  const named = EDITOR_DEFAULT.exec(title)?.[1];
  if (!named) return false;
  return FILE_NAME.test(named) || files.some((entry) => baseName(entry.filename) === named);
}

export const titleConventionRule: ReviewRule = {
  id: 'pr.title-convention',
  severity: 'info',
  category: 'process',
  confidence: 1,
  description:
    'The title breaks the project pattern (or Conventional Commits when asked), or is empty, "WIP" or "Update <file>".',
  check({ input, options }) {
    const title = input.pullRequest.title;
    const hit = (message: string) => [
      { file: null, line: null, title: 'Pull request title', message, evidence: title || null },
    ];
    if (options.titlePattern !== undefined) {
      return new RegExp(options.titlePattern).test(title)
        ? []
        : hit(`The title does not follow this project's convention (${options.titlePattern}).`);
    }
    if (options.conventionalTitles) {
      return CONVENTIONAL_COMMITS.test(title)
        ? []
        : hit('The title does not follow Conventional Commits (for example "fix(api): …").');
    }
    return UNINFORMATIVE.some((pattern) => pattern.test(title)) ||
      editorDefaultTitle(title, input.files)
      ? hit('The title says nothing about the change. Name what it does, in a few words.')
      : [];
  },
};
