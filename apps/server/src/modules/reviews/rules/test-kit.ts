import { runRules } from './run-rules.js';
import type { DiffEntry, ReviewInput, ReviewRuleOptions } from './types.js';

/**
 * Builders for rule tests: diff entries shaped as GitHub's pull-request files API returns them, and
 * a pull request around them that no rule objects to, so each test sees only its own rule's hits.
 */

/** A file added by the pull request: GitHub's patch is one hunk `@@ -0,0 +1,N @@` of `+` lines. */
export function addedFile(filename: string, content: string): DiffEntry {
  const lines = content.replace(/\n$/, '').split('\n');
  return {
    sha: '3f786850e387550fdab836ed7e6dc881de23001b',
    filename,
    status: 'added',
    additions: lines.length,
    deletions: 0,
    changes: lines.length,
    patch: `@@ -0,0 +1,${lines.length} @@\n${lines.map((line) => `+${line}`).join('\n')}`,
  };
}

/** A modified file from a literal GitHub patch; the counts are read from it as GitHub does. */
export function modifiedFile(filename: string, patch: string): DiffEntry {
  const lines = patch.split('\n');
  const additions = lines.filter((line) => line.startsWith('+')).length;
  const deletions = lines.filter((line) => line.startsWith('-')).length;
  return {
    sha: '89e6c98d92887913cadf06b2adb97f26cde4849b',
    filename,
    status: 'modified',
    additions,
    deletions,
    changes: additions + deletions,
    patch,
  };
}

export function pullRequest(
  files: DiffEntry[],
  overrides: Partial<ReviewInput['pullRequest']> = {},
): ReviewInput {
  const additions = files.reduce((sum, file) => sum + file.additions, 0);
  const deletions = files.reduce((sum, file) => sum + file.deletions, 0);
  return {
    pullRequest: {
      title: 'Add rate limiting to the login route',
      body: 'Limits login attempts per IP to ten a minute, so password guessing is slowed down.',
      author: { login: 'octocat', isBot: false },
      draft: false,
      additions,
      deletions,
      changedFiles: files.length,
      baseRef: 'main',
      headRef: 'feature/login-rate-limit',
      ...overrides,
    },
    files,
  };
}

/** The findings of one rule for these files. */
export function findingsOf(
  rule: string,
  files: DiffEntry[],
  options: ReviewRuleOptions & { pr?: Partial<ReviewInput['pullRequest']> } = {},
) {
  const { pr, ...ruleOptions } = options;
  return runRules(pullRequest(files, pr), ruleOptions).findings.filter(
    (finding) => finding.rule === rule,
  );
}
