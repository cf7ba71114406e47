/**
 * One changed file as GitHub's pull-request files API returns it (`diff-entry` in GitHub's OpenAPI
 * description). `patch` is absent for binary files and for diffs too large for GitHub to inline.
 */
export interface DiffEntry {
  filename: string;
  status: 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged';
  previous_filename?: string;
  additions: number;
  deletions: number;
  changes: number;
  patch?: string;
  sha?: string | null;
}
