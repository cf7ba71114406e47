/**
 * Branch analysis on 5,000 branches over ~50,000 commits (a synthetic repository written with
 * git fast-import), against two baselines measured in the same run:
 *   - raw: the git commands the analysis runs (rev-parse, for-each-ref, symbolic-ref, rev-list),
 *     one after the other, output to /dev/null — goal: analysis ≤ 2× raw;
 *   - loop: `git rev-list --left-right --count main...<branch>` per branch, timed on a sample and
 *     extrapolated to every branch — goal: analysis ≥ 20× faster.
 * Peak RSS is measured in a child process running one analysis — goal: < 300 MB.
 *
 *   node --conditions=source --import tsx bench/branches.ts
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analyzeBranches } from '../packages/analysis/src/branches/index.js';
import { REF_FORMAT, REF_PATTERNS } from '../packages/analysis/src/branches/read-refs.js';
import { fastImport } from '../packages/analysis/src/branches/testing/fast-import.js';
import { syntheticGraph } from '../packages/analysis/src/branches/testing/synthetic-graph.js';
import { GIT_HARDENING_ARGS, gitEnvironment } from '../packages/analysis/src/git/run-git.js';

const BRANCHES = 5000;
const COMMITS = 50_000;
const RUNS = 5;
const LOOP_SAMPLE = 100;

/**
 * This process's peak RSS. VmHWM belongs to the process image, so it starts afresh at exec; the
 * child's getrusage maxRSS would not: Linux carries the parent's high-water mark across fork+exec,
 * and the parent here holds the synthetic repository it just built.
 */
function peakRssMb(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) / 1024 : process.resourceUsage().maxRSS / 1024;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

function git(gitDir: string, args: string[], input?: string): void {
  const result = spawnSync('git', [...GIT_HARDENING_ARGS, `--git-dir=${gitDir}`, ...args], {
    env: gitEnvironment(),
    input,
    stdio: [input === undefined ? 'ignore' : 'pipe', openSync('/dev/null', 'w'), 'inherit'],
  });
  if (result.status !== 0) throw new Error(`git ${args[0]} failed`);
}

function rawBaseline(gitDir: string): number {
  const started = performance.now();
  git(gitDir, [
    'rev-parse',
    '--absolute-git-dir',
    '--is-bare-repository',
    '--is-shallow-repository',
  ]);
  git(gitDir, ['for-each-ref', `--format=${REF_FORMAT}`, ...REF_PATTERNS]);
  git(gitDir, ['symbolic-ref', '-q', 'HEAD']);
  git(gitDir, ['rev-list', '--parents', '--timestamp', '--branches', '--remotes=origin']);
  return performance.now() - started;
}

async function child(gitDir: string): Promise<void> {
  const result = await analyzeBranches(gitDir, { now: new Date() });
  process.stdout.write(
    JSON.stringify({
      maxRssMb: peakRssMb(),
      branches: result.branches.length,
    }),
  );
}

async function main(): Promise<void> {
  const gitDir = mkdtempSync(path.join(tmpdir(), 'rota-bench-branches-'));
  try {
    execFileSync('git', ['init', '-q', '--bare', '--initial-branch=main', gitDir]);
    const started = performance.now();
    const graph = syntheticGraph({ commits: COMMITS, branches: BRANCHES });
    fastImport(
      gitDir,
      graph.commits,
      graph.branches.map((branch) => ({ ref: `refs/heads/${branch.name}`, commit: branch.commit })),
    );
    console.log(
      `repository: ${graph.commits.length} commits, ${graph.branches.length} branches ` +
        `(built in ${ms(performance.now() - started)})`,
    );

    const raw: number[] = [];
    const analysis: number[] = [];
    let result = await analyzeBranches(gitDir, { now: graph.now }); // warm-up (JIT, page cache)
    for (let run = 0; run < RUNS; run += 1) {
      raw.push(rawBaseline(gitDir));
      const begin = performance.now();
      result = await analyzeBranches(gitDir, { now: graph.now });
      analysis.push(performance.now() - begin);
    }

    const step = Math.floor(result.branches.length / LOOP_SAMPLE);
    const sample = result.branches.filter((_, index) => index % step === 0).slice(0, LOOP_SAMPLE);
    let mismatches = 0;
    const loopStarted = performance.now();
    for (const branch of sample) {
      const counts = execFileSync('git', [
        `--git-dir=${gitDir}`,
        'rev-list',
        '--left-right',
        '--count',
        `refs/heads/main...${branch.ref}`,
      ])
        .toString()
        .trim();
      if (counts !== `${branch.behind}\t${branch.ahead}`) mismatches += 1;
    }
    const loopPerBranch = (performance.now() - loopStarted) / sample.length;
    const loopTotal = loopPerBranch * result.branches.length;

    const rss = spawnSync(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', process.argv[1]!, '--child', gitDir],
      { encoding: 'utf8' },
    );
    const peak = JSON.parse(rss.stdout) as { maxRssMb: number };

    const analysisMs = median(analysis);
    const rawMs = median(raw);
    console.log(`raw git (refs + graph to /dev/null), median of ${RUNS}: ${ms(rawMs)}`);
    console.log(`analyzeBranches, median of ${RUNS}:                 ${ms(analysisMs)}`);
    console.log(
      `  ratio to raw git: ${(analysisMs / rawMs).toFixed(2)}x (goal <= 2x) ` +
        `[runs: ${analysis.map((value) => value.toFixed(0)).join(', ')} vs ${raw.map((value) => value.toFixed(0)).join(', ')}]`,
    );
    console.log(
      `per-branch rev-list loop: ${ms(loopPerBranch)} per branch on ${sample.length} sampled ` +
        `branches, extrapolated to ${result.branches.length}: ${(loopTotal / 1000).toFixed(1)} s`,
    );
    console.log(`  speed-up over the loop: ${(loopTotal / analysisMs).toFixed(0)}x (goal >= 20x)`);
    console.log(`  sampled branches matching git: ${sample.length - mismatches}/${sample.length}`);
    console.log(
      `peak RSS of one analysis (child process): ${peak.maxRssMb.toFixed(0)} MB (goal < 300 MB)`,
    );
    if (mismatches) process.exitCode = 1;
  } finally {
    rmSync(gitDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3]!);
else await main();
