/**
 * History analysis on a synthetic year of development (~20,000 commits by 40 people and 3 bots,
 * written with git fast-import), against the bare `git log --numstat` it parses — the very same
 * command and arguments, output to /dev/null — measured in the same run. Goal: ≤ 1.3×.
 * Two windows: the whole year (the numstat pass reads every commit, so the ratio is the cost of
 * parsing) and the default 30 days (the all-time pass, which reads every commit header, weighs
 * more next to a short numstat pass). Peak RSS is measured in a child process — goal: < 300 MB.
 *
 *   node --conditions=source --import tsx bench/history.ts
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fastImport } from '../packages/analysis/src/branches/testing/fast-import.js';
import { GIT_HARDENING_ARGS, gitEnvironment } from '../packages/analysis/src/git/run-git.js';
import {
  analyzeHistory,
  historyGitArgs,
  windowLogArgs,
} from '../packages/analysis/src/history/analyze-history.js';
import { syntheticHistory } from '../packages/analysis/src/history/testing/synthetic-history.js';

const COMMITS = 20_000;
const RUNS = 3;
const DAY = 86_400;

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

function timeGit(gitDir: string, args: string[]): number {
  const started = performance.now();
  const result = spawnSync('git', [...GIT_HARDENING_ARGS, `--git-dir=${gitDir}`, ...args], {
    env: gitEnvironment(),
    stdio: ['ignore', openSync('/dev/null', 'w'), 'inherit'],
  });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed`);
  return performance.now() - started;
}

async function child(gitDir: string, now: string, windowDays: number): Promise<void> {
  await analyzeHistory(gitDir, { now: new Date(now), windowDays });
  process.stdout.write(JSON.stringify({ maxRssMb: peakRssMb() }));
}

async function measure(gitDir: string, now: Date, windowDays: number): Promise<void> {
  const commit = execFileSync('git', [`--git-dir=${gitDir}`, 'rev-parse', 'main'])
    .toString()
    .trim();
  const until = Math.floor(now.getTime() / 1000);
  const since = (Math.floor(until / DAY) - (windowDays - 1)) * DAY;
  const numstatArgs = [...historyGitArgs(gitDir, commit), ...windowLogArgs(since, commit)];
  const headerArgs = [
    ...historyGitArgs(gitDir, commit),
    'log',
    '-z',
    '--format=%at%x00%aE%x00%aN',
    commit,
    '--',
  ];

  let result = await analyzeHistory(gitDir, { now, windowDays, ref: 'main' }); // warm-up
  const baseline: number[] = [];
  const allTime: number[] = [];
  const analysis: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    baseline.push(timeGit(gitDir, numstatArgs));
    allTime.push(timeGit(gitDir, headerArgs));
    const started = performance.now();
    result = await analyzeHistory(gitDir, { now, windowDays, ref: 'main' });
    analysis.push(performance.now() - started);
  }

  // The figures must be git's: sum plain `git log --numstat` lines over the same window.
  const plain = execFileSync(
    'git',
    [`--git-dir=${gitDir}`, 'log', '--numstat', '-M', '--format=%at', `--since=@${since}`, commit],
    {
      maxBuffer: 512 * 1024 * 1024,
    },
  ).toString();
  let additions = 0;
  let inWindow = false;
  for (const line of plain.split('\n')) {
    if (/^\d+$/.test(line)) inWindow = Number(line) >= since && Number(line) <= until;
    const match = /^(\d+)\t(\d+)\t/.exec(line);
    if (match && inWindow) additions += Number(match[1]);
  }

  const rss = spawnSync(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      process.argv[1]!,
      '--child',
      gitDir,
      now.toISOString(),
      String(windowDays),
    ],
    { encoding: 'utf8' },
  );
  const peak = JSON.parse(rss.stdout) as { maxRssMb: number };

  const analysisMs = median(analysis);
  const baselineMs = median(baseline);
  console.log(
    `\nwindow ${windowDays} days: ${result.totals.commits} commits in the window, ${result.allTime.commits} all time`,
  );
  console.log(`  bare git log --numstat (same arguments) to /dev/null: ${ms(baselineMs)}`);
  console.log(
    `  all-time header pass alone to /dev/null:              ${ms(median(allTime))} (runs alongside)`,
  );
  console.log(`  analyzeHistory:                                       ${ms(analysisMs)}`);
  console.log(
    `  ratio: ${(analysisMs / baselineMs).toFixed(2)}x (goal <= 1.3x) ` +
      `[runs: ${analysis.map((value) => value.toFixed(0)).join(', ')} vs ${baseline.map((value) => value.toFixed(0)).join(', ')}]`,
  );
  console.log(
    `  additions match plain git log --numstat: ${additions === result.totals.additions ? 'yes' : `NO (${additions} vs ${result.totals.additions})`}`,
  );
  console.log(
    `  peak RSS of one analysis (child process): ${peak.maxRssMb.toFixed(0)} MB (goal < 300 MB)`,
  );
  if (additions !== result.totals.additions) process.exitCode = 1;
}

async function main(): Promise<void> {
  const gitDir = mkdtempSync(path.join(tmpdir(), 'rota-bench-history-'));
  try {
    execFileSync('git', ['init', '-q', '--bare', '--initial-branch=main', gitDir]);
    const started = performance.now();
    const history = syntheticHistory({ commits: COMMITS, days: 365 });
    fastImport(gitDir, history.commits, [{ ref: 'refs/heads/main', commit: history.tip }]);
    console.log(
      `repository: ${history.commits.length} commits over 365 days (built in ${ms(performance.now() - started)})`,
    );
    await measure(gitDir, history.now, 400);
    await measure(gitDir, history.now, 30);
  } finally {
    rmSync(gitDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child')
  await child(process.argv[3]!, process.argv[4]!, Number(process.argv[5]));
else await main();
