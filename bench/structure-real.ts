/**
 * The structure analysis (with the composition, as `rota-analyze --only structure` runs it) of real
 * repositories, as whole processes, against two baselines measured in the same run:
 *   cat-file   `git ls-tree -r --object-only <commit> | git cat-file --batch > /dev/null`: reading
 *              every blob of the commit once, the least any analysis of the contents must do;
 *   cloc       `cloc --json` on a checkout of the commit (made with `git archive`, not timed), when
 *              cloc is installed.
 * Both the CLI and cat-file run `--runs` times (default 5), alternated so that a busy machine
 * weighs on both alike, after one warm-up run each; medians of wall time, and CPU time of the
 * process tree. Also the CLI's peak RSS (its VmHWM, printed by a hook as it exits).
 * Goals (issue 8): CLI ≤ 2× cat-file, and ≥ 5× faster than cloc.
 *
 *   npm run bench -- structure-real <repository> [<repository> ...] [--ref R] [--runs N] [--profile]
 *
 * A repository is a work tree or a bare one (e.g. a mirror under /work/.mirror/<owner>+<name>/repo).
 * --profile writes a CPU profile of one more CLI run and prints its heaviest functions (self time).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GIT_HARDENING_ARGS, gitEnvironment } from '../packages/analysis/src/git/run-git.js';
import { topFunctions } from './lib/cpu-profile.js';

const bin = fileURLToPath(new URL('../packages/analysis/bin/rota-analyze.js', import.meta.url));
// Prints the process's peak RSS (VmHWM: of this process image only) on stderr as it exits.
const PEAK_HOOK =
  'data:text/javascript,' +
  encodeURIComponent(`import { readFileSync } from 'node:fs';
process.on('exit', () => {
  const kb = /VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  process.stderr.write('\\npeak-rss-kb ' + kb + '\\n');
});`);

interface Sample {
  wall: number;
  cpu: number;
}

/** CPU milliseconds used so far by the waited-for children of this process (/proc/self/stat). */
function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10; // cutime + cstime, in 1/100 s
}

function timed(
  command: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
): Sample & { stderr: string } {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const result = spawnSync(command, args, {
    env: env ?? process.env,
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 1 << 24,
  });
  const wall = performance.now() - started;
  const stderr = result.stderr.toString();
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}): ${stderr.slice(0, 500)}`,
    );
  return { wall, cpu: childrenCpuMs() - cpuBefore, stderr };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;

function gitOf(gitDir: string, args: string[]): string {
  return execFileSync('git', [...GIT_HARDENING_ARGS, `--git-dir=${gitDir}`, ...args], {
    env: gitEnvironment(),
    maxBuffer: 1 << 30,
  }).toString();
}

function gitDirOf(repository: string): string {
  return execFileSync('git', ['-C', repository, 'rev-parse', '--absolute-git-dir'], {
    env: gitEnvironment(),
  })
    .toString()
    .trim();
}

function measure(repository: string, ref: string, runs: number, profile: boolean): void {
  const gitDir = gitDirOf(repository);
  const commit = gitOf(gitDir, ['rev-parse', '--verify', `${ref}^{commit}`]).trim();
  const files = gitOf(gitDir, ['ls-tree', '-r', '-l', commit])
    .split('\n')
    .filter((line) => / blob /.test(line));
  const bytes = files.reduce((sum, line) => sum + (Number(line.split(/\s+/)[3]) || 0), 0);
  console.log(
    `\n${repository} @ ${commit.slice(0, 12)}: ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB`,
  );

  const baseline = () =>
    timed('sh', [
      '-c',
      `git --git-dir="$0" ls-tree -r --object-only "$1" | git --git-dir="$0" cat-file --batch > /dev/null`,
      gitDir,
      commit,
    ]);
  const cliArgs = [repository, '--ref', commit, '--only', 'structure', '--json'];
  const cli = () => {
    const sample = timed(process.execPath, ['--import', PEAK_HOOK, bin, ...cliArgs]);
    const peak = Number(/peak-rss-kb (\d+)/.exec(sample.stderr)?.[1] ?? NaN) / 1024;
    return { ...sample, peak };
  };

  baseline();
  cli(); // also builds the CLI's bundle if its sources changed
  const base: Sample[] = [];
  const ours: Array<Sample & { peak: number }> = [];
  for (let run = 0; run < runs; run += 1) {
    base.push(baseline());
    ours.push(cli());
  }
  const baseWall = median(base.map((s) => s.wall));
  const oursWall = median(ours.map((s) => s.wall));
  const baseCpu = median(base.map((s) => s.cpu));
  const oursCpu = median(ours.map((s) => s.cpu));
  console.log(`  cat-file baseline          wall ${ms(baseWall)}  cpu ${ms(baseCpu)}`);
  console.log(
    `  rota-analyze structure     wall ${ms(oursWall)}  cpu ${ms(oursCpu)}` +
      `  peak RSS ${Math.max(...ours.map((s) => s.peak)).toFixed(0)} MB`,
  );
  // Wall time is the goal; CPU time is printed too, since on a busy machine it moves far less.
  console.log(
    `  ratio to cat-file          ${(oursWall / baseWall).toFixed(2)}x wall (goal ≤ 2x), ${(oursCpu / baseCpu).toFixed(2)}x cpu`,
  );

  if (spawnSync('cloc', ['--version']).status === 0) {
    const checkout = mkdtempSync(path.join(tmpdir(), 'rota-bench-checkout-'));
    try {
      // Through a file, so a failing `git archive` (a blob missing from the mirror) is seen.
      const archive = path.join(checkout, '.archive.tar');
      execFileSync('git', [`--git-dir=${gitDir}`, 'archive', '-o', archive, commit], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      execFileSync('tar', ['-xf', archive, '-C', checkout]);
      rmSync(archive);
      const cloc = timed('cloc', ['--quiet', '--json', checkout]);
      console.log(`  cloc on a checkout         wall ${ms(cloc.wall)}  cpu ${ms(cloc.cpu)}`);
      console.log(
        `  faster than cloc           ${(cloc.wall / oursWall).toFixed(1)}x wall (goal ≥ 5x), ${(cloc.cpu / oursCpu).toFixed(1)}x cpu`,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n').slice(0, 2).join(' ') : '';
      console.log(`  cloc: no checkout could be made (${reason})`);
    } finally {
      rmSync(checkout, { recursive: true, force: true });
    }
  } else console.log('  cloc is not installed: no comparison with it');

  if (profile) {
    const dir = mkdtempSync(path.join(tmpdir(), 'rota-bench-profile-'));
    timed(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, bin, ...cliArgs]);
    const [file] = readdirSync(dir);
    console.log(`  CPU profile ${path.join(dir, file!)}, heaviest functions (self time):`);
    for (const line of topFunctions(path.join(dir, file!), 15)) console.log(`    ${line}`);
  }
}

function main(argv: string[]): void {
  const repositories: string[] = [];
  let ref = 'HEAD';
  let runs = 5;
  let profile = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--ref') ref = argv[++i] ?? ref;
    else if (arg === '--runs') runs = Number(argv[++i]);
    else if (arg === '--profile') profile = true;
    else repositories.push(arg);
  }
  if (!repositories.length) {
    // `npm run bench` without names runs every benchmark; this one needs repositories to read.
    console.log('no repository given (npm run bench -- structure-real <repository>): skipped');
    return;
  }
  if (!(runs >= 1)) {
    console.error(
      'usage: npm run bench -- structure-real <repository> [...] [--ref R] [--runs N] [--profile]',
    );
    process.exit(2);
  }
  for (const repository of repositories) measure(repository, ref, runs, profile);
}

main(process.argv.slice(2));
