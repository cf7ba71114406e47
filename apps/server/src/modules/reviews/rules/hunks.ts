/**
 * A unified-diff hunk reader for GitHub's `patch` field: the added lines with their line numbers in
 * the new file. Rules look at added lines only, so removing a secret or a `.only` is never a finding.
 */

export interface AddedLine {
  /** 1-based line number in the new file (where GitHub anchors a review comment). */
  line: number;
  text: string;
}

export interface PatchLine {
  kind: 'added' | 'removed' | 'context';
  /** New-file line number; for removed lines, the new-file line they sat before. */
  line: number;
  text: string;
}

const HUNK_HEADER = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** Every line of the patch in order, with its kind. Lines before any hunk header are ignored. */
export function parsePatch(patch: string): PatchLine[] {
  const lines: PatchLine[] = [];
  let next: number | null = null;
  for (const raw of patch.split('\n')) {
    const header = HUNK_HEADER.exec(raw);
    if (header) {
      next = Number(header[1]);
      continue;
    }
    if (next === null) continue;
    const marker = raw[0];
    // `\ No newline at end of file` describes the line above; it is not a line of either file.
    if (marker === '\\') continue;
    const text = raw.slice(1);
    if (marker === '+') lines.push({ kind: 'added', line: next++, text });
    else if (marker === '-') lines.push({ kind: 'removed', line: next, text });
    // A context line is ' ' + text; an empty raw line is a context line whose space was trimmed.
    else lines.push({ kind: 'context', line: next++, text });
  }
  return lines;
}

export function addedLines(patch: string | undefined): AddedLine[] {
  if (!patch) return [];
  return parsePatch(patch)
    .filter((entry) => entry.kind === 'added')
    .map(({ line, text }) => ({ line, text }));
}
