/**
 * Review quality of the rules engine on real pull requests (docs/reviews-quality.md): express's
 * merged pull requests, read from a bare mirror with its
 * `refs/pull/<n>/head` refs, each reviewed as the review job does (runRules, then decideVerdict on
 * its findings and coverage).
 *
 *   noise      share of merged pull requests the rules would block (goal ≤ 5%: the maintainers
 *              accepted them), per rule, and the blocking findings themselves to read by hand;
 *   detection  one problem per rule planted into a real diff of the set; each must be reported by
 *              its rule on the right file and line;
 *   speed      one review of a real ~500-line diff (median of --runs, default 200) against splitting
 *              its patches into lines in the same run, and the whole corpus.
 *
 * The pull request's title and description are not in git: the title is the merge commit's (GitHub
 * writes it as the merge commit's body; a squash commit's subject) or else the head commit's
 * subject, the description the head commit's body. The rules about the pull request as a whole
 * (pr.*) are judged on that approximation and reported apart from the rules that read the diff.
 *
 *   CORPUS_DIR=<mirrors> npm run bench -- reviews [--runs N] [--limit N] [--show RULE]
 *   (--show prints every finding of one rule with its pull request's title, to judge it)
 *   npm run bench -- reviews /path/to/express.git
 *
 * The mirror is CORPUS_DIR/<path of express in bench/corpus.json>. Exits 1 when noise is over the
 * goal or a planted problem is missed, 2 when the mirror is missing.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  REVIEW_RULES,
  runRules,
  type ReviewInput,
  type RuleFinding,
  coverageGap,
  decideVerdict,
} from '../apps/server/src/modules/reviews/index.js';
import { diffEntries } from './lib/git-diff-entries.js';
import { findMergedPulls, gitOf, type MergedPull } from './lib/merged-pulls.js';
import { PLANTS } from './lib/plant-problems.js';

const NOISE_GOAL = 0.05;
const TIMED_DIFF_LINES = 500;

interface Reviewed {
  pull: MergedPull;
  input: ReviewInput;
  findings: RuleFinding[];
  blocked: boolean;
  /** Blocked counting only the rules that read the diff (not pr.*). */
  blockedByDiffRules: boolean;
}

const isShapeRule = (rule: string) => rule.startsWith('pr.');
const BLOCKING = new Set(['critical', 'high']);
const percent = (part: number, whole: number) =>
  whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

function mirrorPath(): string {
  const explicit = process.argv
    .slice(2)
    .find((arg, i, all) => !arg.startsWith('--') && !all[i - 1]?.startsWith('--'));
  if (explicit) return explicit;
  const corpus = JSON.parse(
    readFileSync(fileURLToPath(new URL('corpus.json', import.meta.url)), 'utf8'),
  ) as { repositories: Array<{ repo: string; path: string }> };
  const express = corpus.repositories.find((entry) => entry.repo === 'expressjs/express')!;
  const dir = process.env.CORPUS_DIR;
  const where = dir ? path.join(dir, express.path) : null;
  if (!where || !existsSync(where)) {
    console.error(
      `The express mirror is missing (${where ?? 'CORPUS_DIR is not set'}). Make it with\n` +
        `  git clone --mirror https://github.com/expressjs/express.git <dir>/${express.path}\n` +
        '(--mirror also fetches refs/pull/*) and run CORPUS_DIR=<dir> npm run bench -- reviews,\n' +
        'or pass the bare repository: npm run bench -- reviews /path/to/express.git',
    );
    process.exit(2);
  }
  return where;
}

/** Author, subject and body of every head, in one `git show`. */
function headCommits(gitDir: string, heads: string[]) {
  const out = new Map<string, { author: string; subject: string; body: string }>();
  for (let i = 0; i < heads.length; i += 500) {
    const text = gitOf(gitDir, [
      'show',
      '-s',
      '--format=%H%x1f%an%x1f%s%x1f%b%x1e',
      ...heads.slice(i, i + 500),
    ]);
    for (const record of text.split('\x1e')) {
      const [hash, author, subject, body] = record.replace(/^\n/, '').split('\x1f');
      if (hash?.length === 40)
        out.set(hash, { author: author ?? '', subject: subject ?? '', body: (body ?? '').trim() });
    }
  }
  return out;
}

function review(input: ReviewInput) {
  const result = runRules(input);
  const gap = coverageGap(result.coverage);
  const verdict = decideVerdict({
    findings: result.findings,
    complete: gap === null,
    ...(gap ? { incompleteReason: gap } : {}),
  });
  return { findings: result.findings, verdict };
}

function main(): void {
  const gitDir = mirrorPath();
  const runs = option('--runs', 200);
  const limit = option('--limit', Infinity);
  const started = performance.now();
  const { merged, heads, branches } = findMergedPulls(gitDir);
  const byAncestor = merged.filter((pull) => pull.foundBy.ancestor).length;
  const byMessage = merged.filter((pull) => pull.foundBy.message).length;
  const both = merged.filter((pull) => pull.foundBy.ancestor && pull.foundBy.message).length;
  console.log(`mirror: ${gitDir}`);
  console.log(`release branches: ${branches.join(', ')}`);
  console.log(
    `pull-request heads: ${heads}; merged: ${merged.length} (head is an ancestor of a release ` +
      `branch: ${byAncestor}; named by a commit message: ${byMessage}; both: ${both}; ` +
      `ancestor only: ${byAncestor - both}; message only: ${byMessage - both})`,
  );

  const selected = merged.slice(0, limit);
  const authors = headCommits(
    gitDir,
    selected.map((pull) => pull.head),
  );
  let gitMs = 0;
  let rulesMs = 0;
  let empty = 0;
  const reviewed: Reviewed[] = [];
  for (const pull of selected) {
    const gitStarted = performance.now();
    const files = diffEntries(gitDir, `${pull.base}..${pull.head}`);
    gitMs += performance.now() - gitStarted;
    if (files.length === 0) {
      // The head was already on the branch before this landing (merged through another one).
      empty += 1;
      continue;
    }
    const head = authors.get(pull.head)!;
    const input: ReviewInput = {
      pullRequest: {
        title: pull.landingTitle ?? head.subject,
        body: head.body || null,
        author: { login: head.author, isBot: /\[bot\]|dependabot|renovate/i.test(head.author) },
        draft: false,
        additions: files.reduce((sum, file) => sum + file.additions, 0),
        deletions: files.reduce((sum, file) => sum + file.deletions, 0),
        changedFiles: files.length,
        baseRef: pull.branch,
        headRef: `pull/${pull.number}/head`,
      },
      files,
    };
    const rulesStarted = performance.now();
    const { findings, verdict } = review(input);
    rulesMs += performance.now() - rulesStarted;
    const diffFindings = findings.filter((finding) => !isShapeRule(finding.rule));
    reviewed.push({
      pull,
      input,
      findings,
      blocked: verdict.status === 'changes_requested',
      blockedByDiffRules: diffFindings.some((finding) => BLOCKING.has(finding.severity)),
    });
  }
  const total = reviewed.length;
  console.log(
    `reviewed: ${total} merged pull requests (${empty} left out: empty diff, e.g. a head that was on the ` +
      `branch before it landed, or a revert of itself); git ${(gitMs / 1000).toFixed(1)} s, rules ${(rulesMs / 1000).toFixed(2)} s ` +
      `(${(rulesMs / Math.max(total, 1)).toFixed(2)} ms per review)`,
  );

  const show = process.argv[process.argv.indexOf('--show') + 1];
  if (process.argv.includes('--show')) printRule(reviewed, show!);
  const noise = printNoise(reviewed);
  const missed = printDetection(reviewed);
  printSpeed(reviewed, runs);
  console.log(`\ntotal wall time ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const failures = [
    ...(noise > NOISE_GOAL ? [`noise ${percent(noise * total, total)} is over the goal`] : []),
    ...(missed > 0 ? [`${missed} rule(s) missed a planted problem`] : []),
  ];
  for (const failure of failures) console.log(`FAIL ${failure}`);
  process.exit(failures.length ? 1 : 0);
}

function printNoise(reviewed: Reviewed[]): number {
  const total = reviewed.length;
  const blocked = reviewed.filter((entry) => entry.blocked).length;
  const blockedByDiff = reviewed.filter((entry) => entry.blockedByDiffRules).length;
  console.log(
    `\nNOISE: changes requested on ${blocked}/${total} merged pull requests = ${percent(blocked, total)} ` +
      `(goal ≤ ${NOISE_GOAL * 100}%${blocked / total <= NOISE_GOAL ? '' : ', EXCEEDED'}); ` +
      `by the diff rules alone: ${blockedByDiff} = ${percent(blockedByDiff, total)}`,
  );
  const header = '| rule | severity | findings | pull requests | share of PRs |';
  for (const [label, shape] of [
    ['Rules that read the diff:', false],
    [
      'Rules about the pull request as a whole (title = merge or head commit subject, description = head commit body: an approximation):',
      true,
    ],
  ] as const) {
    console.log(`\n${label}\n${header}\n|---|---|---|---|---|`);
    for (const rule of REVIEW_RULES.filter((entry) => isShapeRule(entry.id) === shape)) {
      const hits = reviewed.flatMap((entry) =>
        entry.findings.filter((finding) => finding.rule === rule.id),
      ).length;
      const prs = reviewed.filter((entry) =>
        entry.findings.some((finding) => finding.rule === rule.id),
      ).length;
      console.log(`| ${rule.id} | ${rule.severity} | ${hits} | ${prs} | ${percent(prs, total)} |`);
    }
  }
  console.log('\nBlocking findings (critical/high) on merged pull requests, to read by hand:');
  const blocking = reviewed.flatMap((entry) =>
    entry.findings
      .filter((finding) => BLOCKING.has(finding.severity))
      .map((finding) => ({ entry, finding })),
  );
  for (const { entry, finding } of blocking.slice(0, 60))
    console.log(
      `  ${finding.rule} #${entry.pull.number} ${finding.file ?? '-'}:${finding.line ?? '-'} ${finding.evidence ?? finding.title}`,
    );
  if (blocking.length > 60) console.log(`  … and ${blocking.length - 60} more`);
  console.log(
    '\nExamples of the other diff findings (first 3 per rule, newest pull requests first):',
  );
  for (const rule of REVIEW_RULES.filter(
    (entry) => !isShapeRule(entry.id) && !BLOCKING.has(entry.severity),
  )) {
    const examples = reviewed
      .flatMap((entry) =>
        entry.findings
          .filter((finding) => finding.rule === rule.id)
          .map((finding) => ({ entry, finding })),
      )
      .slice(0, 3);
    for (const { entry, finding } of examples)
      console.log(
        `  ${finding.rule} #${entry.pull.number} ${finding.file ?? '-'}:${finding.line ?? '-'} ${finding.evidence ?? finding.title}`,
      );
  }
  return blocked / total;
}

function printRule(reviewed: Reviewed[], rule: string): void {
  console.log(`\nEvery ${rule} finding:`);
  for (const entry of reviewed)
    for (const finding of entry.findings.filter((candidate) => candidate.rule === rule))
      console.log(
        `  #${entry.pull.number} "${entry.input.pullRequest.title}" ${finding.file ?? '-'}:${finding.line ?? '-'} ` +
          `${finding.evidence ?? finding.message}`,
      );
}

/** Each plant goes into this many real pull requests (the newest that fit), each one checked. */
const PLANT_HOSTS = 5;

function printDetection(reviewed: Reviewed[]): number {
  console.log(
    `\nDETECTION: one problem per rule, planted into each of up to ${PLANT_HOSTS} real merged pull requests`,
  );
  console.log(
    '| rule | planted | into | expected at (first) | found | result |\n|---|---|---|---|---|---|',
  );
  const where = (file: string | null, line: number | null) =>
    file === null ? '(pull request)' : `${file}${line === null ? '' : `:${line}`}`;
  let rulesMissed = 0;
  const misses: string[] = [];
  for (const rule of REVIEW_RULES) {
    const plant = PLANTS.find((candidate) => candidate.rule === rule.id);
    // Hosts the rule is silent on, so a finding can only be the plant's.
    const hosts = plant
      ? reviewed
          .filter(
            (entry) =>
              plant.fits(entry.input) &&
              !entry.findings.some((finding) => finding.rule === rule.id),
          )
          .slice(0, PLANT_HOSTS)
      : [];
    if (!plant || hosts.length === 0) {
      rulesMissed += 1;
      console.log(
        `| ${rule.id} | ${plant ? plant.what : 'no plant written'} | no pull request fits | - | - | MISSED |`,
      );
      continue;
    }
    let found = 0;
    let first = '';
    for (const host of hosts) {
      const planted = plant.plant(host.input);
      const expected = where(planted.file, planted.line);
      first ||= expected;
      const hits = runRules(planted.input).findings.filter((finding) => finding.rule === rule.id);
      if (hits.some((finding) => finding.file === planted.file && finding.line === planted.line))
        found += 1;
      else
        misses.push(
          `  ${rule.id} in #${host.pull.number}: expected ${expected}, got ${hits.map((finding) => where(finding.file, finding.line)).join(', ') || 'nothing'}`,
        );
    }
    if (found < hosts.length) rulesMissed += 1;
    console.log(
      `| ${rule.id} | ${plant.what} | ${hosts.map((host) => `#${host.pull.number}`).join(' ')} | ${first} | ` +
        `${found}/${hosts.length} | ${found === hosts.length ? 'found' : 'MISSED'} |`,
    );
  }
  for (const miss of misses) console.log(miss);
  console.log(
    `${REVIEW_RULES.length - rulesMissed}/${REVIEW_RULES.length} rules found every planted problem`,
  );
  return rulesMissed;
}

function printSpeed(reviewed: Reviewed[], runs: number): void {
  // The real pull request whose diff is closest to 500 changed lines.
  const lines = (entry: Reviewed) =>
    entry.input.pullRequest.additions + entry.input.pullRequest.deletions;
  const subject = [...reviewed].sort(
    (a, b) => Math.abs(lines(a) - TIMED_DIFF_LINES) - Math.abs(lines(b) - TIMED_DIFF_LINES),
  )[0]!;
  const patches = subject.input.files.map((file) => file.patch ?? '');
  const reviewTimes = { wall: [] as number[], cpu: [] as number[] };
  const splitTimes = { wall: [] as number[], cpu: [] as number[] };
  // Wall time and this process's CPU time: on a busy machine the CPU figure is the steadier one.
  const timed = (into: { wall: number[]; cpu: number[] }, work: () => void) => {
    const cpu = process.cpuUsage();
    const at = performance.now();
    work();
    into.wall.push(performance.now() - at);
    const used = process.cpuUsage(cpu);
    into.cpu.push((used.user + used.system) / 1000);
  };
  for (let i = 0; i < runs; i++) {
    // Alternated, so a busy machine weighs on both alike.
    timed(reviewTimes, () => review(subject.input));
    timed(splitTimes, () => patches.forEach((patch) => patch.split('\n')));
  }
  const ms = (values: number[]) => `${median(values).toFixed(3)} ms`;
  console.log(
    `\nSPEED: review of #${subject.pull.number} (${lines(subject)} changed lines, ` +
      `${subject.input.files.length} files), median of ${runs}: ${ms(reviewTimes.wall)} wall, ` +
      `${ms(reviewTimes.cpu)} CPU; baseline (splitting its patches into lines): ${ms(splitTimes.wall)} wall, ` +
      `${ms(splitTimes.cpu)} CPU (${(median(reviewTimes.wall) / Math.max(median(splitTimes.wall), 1e-6)).toFixed(0)}x wall)`,
  );
}

main();
