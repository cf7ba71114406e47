/**
 * The structure analysis (with the composition, as `rota-analyze --only structure` runs it) of real
 * repositories, as whole processes, against two baselines measured in the same run:
 *   cat-file   `git ls-tree -r --object-only <commit> | git cat-file --batch > /dev/null`: reading
 *              every blob of the commit once, the least any analysis of the contents must do;
 *   cloc       `cloc --json` on a checkout of the commit (made with `git archive`, not timed), when
 *              cloc is installed.
 * and, for scale, the Node floor: a Node.js process that lists the tree, reads every blob through
 * cat-file and counts newlines, nothing else (bench/lib/node-read-floor.mjs) — no CLI can be faster.
 * Both the CLI and cat-file run `--runs` times (default 5), alternated so that a busy machine
 * weighs on both alike, after one warm-up run each; medians of wall time, and CPU time of the
 * process tree. Also the CLI's peak RSS (its VmHWM, printed by a hook as it exits).
 * Goals: CLI ≤ 2× cat-file, and ≥ 5× faster than cloc (docs/performance.md).
 *
 *   npm run bench -- structure-real <repository> [<repository> ...] [--ref R] [--runs N] [--profile]
 *   CORPUS_DIR=<mirrors> npm run bench -- structure-real --corpus [--runs N] [--compare-cli F]
 *
 * A repository is a work tree or a bare one (e.g. a mirror under /work/.mirror/<owner>+<name>/repo).
 * --corpus: every repository of bench/corpus.json, each at its recorded commit, then one table.
 * --compare-cli F: also times F, an earlier build of the CLI's entry (e.g. a copy of main's
 *   packages/analysis/dist/rota-analyze/<build>/cli.js), alternated with the others: before/after
 *   in one run.
 * When NODE_EXTRA_CA_CERTS is set (it makes every node start load a certificate file; ~50 ms of
 * CPU here), the CLI is also timed without it: the goal is for the normal environment.
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
const nodeFloor = fileURLToPath(new URL('./lib/node-read-floor.mjs', import.meta.url));
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

/** One repository's medians (ms) and the CLI's peak RSS (MB), for the closing table. */
interface Row {
  name: string;
  files: number;
  catFile: number;
  nodeFloor: number;
  cli: number;
  cliPlainEnv: number | null;
  earlierCli: number | null;
  cloc: number | null;
  peakMb: number;
}

const rows: Row[] = [];
const withoutCaCerts = (): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
};

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

interface Options {
  runs: number;
  profile: boolean;
  compareCli: string | undefined;
}

function measure(repository: string, ref: string, name: string, options: Options): void {
  const { runs, profile, compareCli } = options;
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
  const cliOf = (entry: string, env?: NodeJS.ProcessEnv) => () => {
    const sample = timed(process.execPath, ['--import', PEAK_HOOK, entry, ...cliArgs], env);
    const peak = Number(/peak-rss-kb (\d+)/.exec(sample.stderr)?.[1] ?? NaN) / 1024;
    return { ...sample, peak };
  };
  const floor = () => timed(process.execPath, [nodeFloor, gitDir, commit]);
  const cli = cliOf(bin);
  const plain = process.env.NODE_EXTRA_CA_CERTS ? cliOf(bin, withoutCaCerts()) : undefined;
  const earlier = compareCli ? cliOf(compareCli) : undefined;

  baseline();
  cli(); // also builds the CLI's bundle if its sources changed
  earlier?.();
  floor();
  const base: Sample[] = [];
  const floors: Sample[] = [];
  const ours: Array<Sample & { peak: number }> = [];
  const oursPlain: Sample[] = [];
  const theirs: Sample[] = [];
  for (let run = 0; run < runs; run += 1) {
    base.push(baseline());
    floors.push(floor());
    ours.push(cli());
    if (plain) oursPlain.push(plain());
    if (earlier) theirs.push(earlier());
  }
  const plainWall = plain ? median(oursPlain.map((s) => s.wall)) : null;
  const earlierWall = earlier ? median(theirs.map((s) => s.wall)) : null;
  const baseWall = median(base.map((s) => s.wall));
  const oursWall = median(ours.map((s) => s.wall));
  const baseCpu = median(base.map((s) => s.cpu));
  const oursCpu = median(ours.map((s) => s.cpu));
  const floorWall = median(floors.map((s) => s.wall));
  console.log(`  cat-file baseline          wall ${ms(baseWall)}  cpu ${ms(baseCpu)}`);
  console.log(
    `  Node floor (read only)     wall ${ms(floorWall)}  cpu ${ms(median(floors.map((s) => s.cpu)))}` +
      `  ratio ${(floorWall / baseWall).toFixed(2)}x: no Node process reading the blobs is faster`,
  );
  console.log(
    `  rota-analyze structure     wall ${ms(oursWall)}  cpu ${ms(oursCpu)}` +
      `  peak RSS ${Math.max(...ours.map((s) => s.peak)).toFixed(0)} MB`,
  );
  // Wall time is the goal; CPU time is printed too, since on a busy machine it moves far less.
  console.log(
    `  ratio to cat-file          ${(oursWall / baseWall).toFixed(2)}x wall (goal ≤ 2x), ${(oursCpu / baseCpu).toFixed(2)}x cpu`,
  );
  if (plain)
    console.log(
      `  without NODE_EXTRA_CA_CERTS wall ${ms(plainWall!)}  cpu ${ms(median(oursPlain.map((s) => s.cpu)))}` +
        `  ratio ${(plainWall! / baseWall).toFixed(2)}x`,
    );
  if (earlier)
    console.log(
      `  earlier CLI (${path.basename(path.dirname(compareCli!))}) wall ${ms(earlierWall!)}  cpu ${ms(median(theirs.map((s) => s.cpu)))}` +
        `  ratio ${(earlierWall! / baseWall).toFixed(2)}x`,
    );
  const row: Row = {
    name,
    files: files.length,
    catFile: baseWall,
    nodeFloor: floorWall,
    cli: oursWall,
    cliPlainEnv: plainWall,
    earlierCli: earlierWall,
    cloc: null,
    peakMb: Math.max(...ours.map((s) => s.peak)),
  };
  rows.push(row);

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
      row.cloc = cloc.wall;
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

/** Seconds with two decimals; ratios with one (or two under 10). */
const sec = (value: number | null) => (value === null ? '–' : (value / 1000).toFixed(2));
const times = (value: number | null) =>
  value === null || !Number.isFinite(value) ? '–' : value.toFixed(value < 10 ? 2 : 1);

/** The run as a Markdown table (docs/performance.md keeps one). */
function printTable(): void {
  console.log(
    '\n| repository | files | cat-file s | Node floor / cat-file | CLI s | CLI / cat-file | cloc s | cloc / CLI | CLI s, no CA file | that / cat-file | earlier CLI s | earlier / cat-file | peak RSS MB |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.files} | ${sec(r.catFile)} | ${times(r.nodeFloor / r.catFile)} | ${sec(r.cli)} | ${times(r.cli / r.catFile)} | ` +
        `${sec(r.cloc)} | ${times(r.cloc && r.cloc / r.cli)} | ${sec(r.cliPlainEnv)} | ` +
        `${times(r.cliPlainEnv && r.cliPlainEnv / r.catFile)} | ${sec(r.earlierCli)} | ` +
        `${times(r.earlierCli && r.earlierCli / r.catFile)} | ${r.peakMb.toFixed(0)} |`,
    );
}

function corpusRepositories(): Array<{ repository: string; ref: string; name: string }> {
  const dir = process.env.CORPUS_DIR;
  if (!dir) {
    console.error('--corpus reads the mirrors from CORPUS_DIR, which is not set');
    process.exit(2);
  }
  const file = fileURLToPath(new URL('corpus.json', import.meta.url));
  const { repositories } = JSON.parse(readFileSync(file, 'utf8')) as {
    repositories: Array<{ name: string; path: string; commit: string }>;
  };
  return repositories.map((entry) => ({
    repository: path.join(dir, entry.path),
    ref: entry.commit,
    name: entry.name,
  }));
}

function main(argv: string[]): void {
  const named: string[] = [];
  let ref = 'HEAD';
  let corpus = false;
  const options: Options = { runs: 5, profile: false, compareCli: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--ref') ref = argv[++i] ?? ref;
    else if (arg === '--runs') options.runs = Number(argv[++i]);
    else if (arg === '--profile') options.profile = true;
    else if (arg === '--corpus') corpus = true;
    else if (arg === '--compare-cli') options.compareCli = path.resolve(argv[++i] ?? '');
    else named.push(arg);
  }
  const repositories = corpus
    ? corpusRepositories()
    : named.map((repository) => ({
        repository,
        ref,
        // A mirror's folder is <owner>+<name>/repo: name it by the folder above.
        name: path.basename(repository.replace(/\/(?:repo|\.git)\/?$/, '')),
      }));
  if (!repositories.length) {
    // `npm run bench` without names runs every benchmark; this one needs repositories to read.
    console.log('no repository given (npm run bench -- structure-real <repository>): skipped');
    return;
  }
  if (!(options.runs >= 1)) {
    console.error(
      'usage: npm run bench -- structure-real <repository> [...] [--ref R] [--runs N] [--profile]' +
        ' [--compare-cli F] | --corpus',
    );
    process.exit(2);
  }
  for (const { repository, ref: at, name } of repositories) measure(repository, at, name, options);
  printTable();
}

main(process.argv.slice(2));
