import { parsePatch, type PatchLine } from './hunks.js';
import { evidenceLine } from './text.js';
import type { ReviewRule, RuleHit } from './types.js';

/**
 * GitHub Actions risks, as GitHub's security hardening guide describes them. Only the patch is
 * available, so a finding needs both halves of a risk visible in it (added or context lines), and
 * at least the risky line itself added.
 */

const WORKFLOW = /^\.github\/workflows\/[^/]+\.ya?ml$/;

/** `pull_request_target` runs with the base repository's secrets and a write token. */
const TARGET_TRIGGER = /\bpull_request_target\b/;
/** A checkout of the pull request's own code (its head) in such a run executes untrusted code. */
const HEAD_CHECKOUT =
  /\bref:\s*\$\{\{\s*(github\.event\.pull_request\.head\.(sha|ref)|github\.head_ref)\s*\}\}|refs\/pull\/\$\{\{[^}]*\}\}\/(merge|head)/;

/** Fields an outsider writes: titles, bodies, branch names, commit messages, author names. */
const UNTRUSTED_EXPRESSION =
  /\$\{\{\s*(github\.event\.(issue\.(title|body)|pull_request\.(title|body|head\.ref|head\.label|head\.repo\.default_branch)|comment\.body|review\.body|review_comment\.body|discussion\.(title|body)|pages\.[^}]*\.page_name|commits\.[^}]*\.(message|author\.(email|name))|head_commit\.(message|author\.(email|name))|workflow_run\.(head_branch|head_commit\.message|display_title))|github\.head_ref)\s*\}\}/;

function workflowPatches(all: { filename: string; patch?: string; status: string }[]) {
  return all
    .filter((entry) => WORKFLOW.test(entry.filename) && entry.status !== 'removed' && entry.patch)
    .map((entry) => ({ path: entry.filename, lines: parsePatch(entry.patch!) }));
}

export const pullRequestTargetCheckoutRule: ReviewRule = {
  id: 'ci.pull-request-target-checkout',
  severity: 'critical',
  category: 'ci',
  confidence: 0.85,
  description:
    'A pull_request_target workflow checks out the pull request head (untrusted code with secrets).',
  check({ all }) {
    const hits: RuleHit[] = [];
    for (const { path, lines } of workflowPatches(all)) {
      const visible = lines.filter((line) => line.kind !== 'removed');
      const trigger = visible.find((line) => TARGET_TRIGGER.test(line.text));
      const checkout = visible.find((line) => HEAD_CHECKOUT.test(line.text));
      if (!trigger || !checkout) continue;
      if (trigger.kind !== 'added' && checkout.kind !== 'added') continue;
      hits.push({
        file: path,
        line: checkout.line,
        title: 'pull_request_target checks out untrusted code',
        message:
          'This workflow runs on pull_request_target (with secrets and a write token) and checks ' +
          "out the pull request's head, so anyone opening a pull request runs their code with those " +
          'rights. Use pull_request, or split into an unprivileged build and a privileged workflow_run.',
        evidence: evidenceLine(checkout.text),
      });
    }
    return hits;
  },
};

/** The lines of `run:` scripts, read from the hunk: `run: …` inline or a `run: |` block below. */
function runScriptLines(lines: PatchLine[]): PatchLine[] {
  const script: PatchLine[] = [];
  let runIndent: number | null = null;
  for (const line of lines) {
    if (line.kind === 'removed') continue;
    const indent = line.text.length - line.text.trimStart().length;
    if (runIndent !== null && line.text.trim() && indent <= runIndent) runIndent = null;
    const run = /^(\s*)(-\s+)?run:\s*(.*)$/.exec(line.text);
    if (run) {
      runIndent = run[1]!.length + (run[2]?.length ?? 0);
      if (!/^[|>][-+]?\s*$/.test(run[3]!)) script.push(line);
      continue;
    }
    if (runIndent !== null) script.push(line);
  }
  return script;
}

export const scriptInjectionRule: ReviewRule = {
  id: 'ci.script-injection',
  severity: 'high',
  category: 'ci',
  confidence: 0.9,
  description:
    'An attacker-controlled ${{ github.event.* }} field is interpolated into a run: script.',
  check({ all }) {
    const hits: RuleHit[] = [];
    for (const { path, lines } of workflowPatches(all)) {
      for (const line of runScriptLines(lines)) {
        if (line.kind !== 'added') continue;
        const match = UNTRUSTED_EXPRESSION.exec(line.text);
        if (!match) continue;
        hits.push({
          file: path,
          line: line.line,
          title: 'Script injection in a workflow',
          message:
            `${match[1]} is written by whoever opens the issue or pull request, and \${{ }} pastes ` +
            'it into the shell script before it runs. Pass it through env: (for example ' +
            'TITLE: ${{ github.event.pull_request.title }}) and use "$TITLE" in the script.',
          evidence: evidenceLine(line.text),
        });
      }
    }
    return hits;
  },
};
