/**
 * A base…head diff of a git repository as GitHub's pull-request files API returns it (`diff-entry`):
 * filename, status, counts from `git diff --numstat`, and `patch` as the unified hunks of
 * `git diff -p` without the file headers. Binary files have no patch (numstat `-`); renames carry
 * `previous_filename`. GitHub also leaves out patches too large to inline; every patch is kept here,
 * so the rules read more than they would on GitHub, never less.
 */
import type { DiffEntry } from '../../apps/server/src/modules/reviews/index.js';
import { gitOf } from './merged-pulls.js';

const DIFF_ARGS = ['-M', '--no-color', '--no-ext-diff', '--no-textconv'];

interface NumstatRow {
  additions: number | null;
  deletions: number | null;
  filename: string;
  previous?: string;
}

/** `git diff --numstat -z`: `add\tdel\tpath\0`, or `add\tdel\t\0old\0new\0` for a rename. */
function numstat(gitDir: string, range: string): NumstatRow[] {
  const fields = gitOf(gitDir, ['diff', ...DIFF_ARGS, '--numstat', '-z', range]).split('\0');
  const rows: NumstatRow[] = [];
  for (let i = 0; i < fields.length; i++) {
    const match = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(fields[i]!);
    if (!match) continue;
    const count = (value: string) => (value === '-' ? null : Number(value));
    if (match[3] === '') {
      rows.push({
        additions: count(match[1]!),
        deletions: count(match[2]!),
        previous: fields[i + 1]!,
        filename: fields[i + 2]!,
      });
      i += 2;
    } else
      rows.push({ additions: count(match[1]!), deletions: count(match[2]!), filename: match[3]! });
  }
  return rows;
}

interface PatchSection {
  status: DiffEntry['status'];
  hunks: string;
}

/**
 * `git diff -p` cut at each `diff --git` header; each section keyed by its new path (the old one
 * for a deletion), read from the header lines git writes without quoting under core.quotePath=off.
 */
function patches(gitDir: string, range: string): Map<string, PatchSection> {
  const text = gitOf(gitDir, ['-c', 'core.quotePath=false', 'diff', ...DIFF_ARGS, '-p', range]);
  const sections = new Map<string, PatchSection>();
  for (const section of text.split(/^diff --git /m).slice(1)) {
    const lines = section.split('\n');
    const firstHunk = lines.findIndex((line) => line.startsWith('@@'));
    const header = firstHunk === -1 ? lines : lines.slice(0, firstHunk);
    const field = (prefix: string) =>
      // git ends a ---/+++ path holding a space with a tab.
      header
        .find((line) => line.startsWith(prefix))
        ?.slice(prefix.length)
        .replace(/\t$/, '');
    let status: DiffEntry['status'] = 'modified';
    if (header.some((line) => line.startsWith('new file mode'))) status = 'added';
    else if (header.some((line) => line.startsWith('deleted file mode'))) status = 'removed';
    else if (field('rename to ') !== undefined) status = 'renamed';
    const plus = field('+++ b/');
    const minus = field('--- a/');
    const name = field('rename to ') ?? plus ?? minus ?? headerPath(lines[0]!);
    const hunks = firstHunk === -1 ? '' : lines.slice(firstHunk).join('\n').replace(/\n$/, '');
    sections.set(name, { status, hunks });
  }
  return sections;
}

/** `a/x b/x` for a file with no ---/+++ lines (binary, mode-only): the b side. */
function headerPath(line: string): string {
  const half = line.indexOf(' b/');
  return half === -1 ? line : line.slice(half + 3);
}

/** `range` is what git diff takes: `base head`'s two-dot form or `a...head` (from their merge base). */
export function diffEntries(gitDir: string, range: string): DiffEntry[] {
  const sections = patches(gitDir, range);
  return numstat(gitDir, range).map((row): DiffEntry => {
    const section = sections.get(row.filename);
    const binary = row.additions === null;
    const additions = row.additions ?? 0;
    const deletions = row.deletions ?? 0;
    const status = row.previous ? 'renamed' : (section?.status ?? 'modified');
    return {
      filename: row.filename,
      status,
      ...(row.previous ? { previous_filename: row.previous } : {}),
      additions,
      deletions,
      changes: additions + deletions,
      // GitHub sends no patch for binary files, nor for a pure rename or mode change.
      ...(!binary && section?.hunks ? { patch: section.hunks } : {}),
      sha: null,
    };
  });
}
