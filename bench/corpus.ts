/**
 * The corpus benchmark: every repository of bench/corpus.json, read from a local mirror
 * under CORPUS_DIR and pinned to the commit recorded there, goes through
 *
 *   product   the server's own path: MirrorStore clones it from a file:// URL (ALLOW_LOCAL_REPOS,
 *             the default size and time limits), then the analyze job handler (the real engine, a
 *             real PGlite database) runs every analysis kind; each kind's time is the handler's
 *             (fetch check + revision + analysis + stored row);
 *   cli       `rota-analyze <clone> --ref <commit> --json`, all kinds, as a whole process (peak RSS
 *             by /usr/bin/time), and `--only structure` as a whole process (median of 3);
 *   baseline  `git ls-tree -r --object-only <commit> | git cat-file --batch > /dev/null`, the raw
 *             cost of reading every blob once, as a whole process (median of 3, after a warm-up);
 *   cloc      `cloc --json` on a checkout (`git archive | tar -x`), when cloc is installed.
 *
 * With CORPUS_FACTS=<file>, the answers the accuracy spot-check needs (default branch, top
 * languages, the license as each analysis sees it, and linguist-js's shares on the same checkout)
 * are written there; docs/analysis/accuracy.md compares them with GitHub.
 *
 * Pinning: the mirrors move when they are refreshed, so the store is not given the mirror itself
 * but a small bare repository made here, whose objects are the mirror's (objects/info/alternates)
 * and whose refs are the mirror's heads, tags and pull-request refs, except that the default
 * branch points at the recorded commit. The store's clone then sees the same advertisement a
 * forge would send (curl: ~18,000 refs) and fetches the recorded commit as the default branch.
 * Each repository runs in its own process, so peak RSS is that repository's alone.
 *
 *   CORPUS_DIR=/path/to/mirrors npm run bench -- corpus [name ...]
 *   (names match bench/corpus.json's `name` or `repo`, e.g. `flask`, `pallets/flask`)
 *
 * The advice audit, instead of the timings: every recommendation a leader would read (the three
 * things to do first by the web's own rule, branches to delete and to review, cycles with the
 * import lines that form them, external systems with the file behind each, entry points, README
 * checks with their evidence), from `rota-analyze --json` on each pinned repository (branches
 * measured as of the mirror's newest branch commit, so the snapshot's age makes nothing stale):
 *
 *   CORPUS_DIR=/path/to/mirrors npm run bench -- corpus --advice <file.json> [--doc <file.md>]
 *       [--verdicts <file.json>] [--render] [name ...]
 *
 * writes the items as JSON to <file.json> and renders them with the reviewed verdicts
 * (--verdicts, default bench/advice-verdicts.json) between the markers of --doc (default
 * docs/analysis/advice-audit.md; a skeleton when it has none), listing items nobody judged yet.
 * --render re-renders from an earlier <file.json> without running the CLI.
 *
 * Exits 1 when any repository fails any step.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_ANALYSIS_KINDS, type AnalysisKind } from '@rota/contracts';
import { parseEnv } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import {
  createAnalyzeHandler,
  defaultEngine,
  listResultsForRepo,
} from '../apps/server/src/modules/analysis/index.js';
import { MirrorStore } from '../apps/server/src/repo-store/mirror-store.js';
import { recordFetch } from '../apps/server/src/repo-store/queries.js';
import { testEvents } from '../apps/server/src/testing/test-events.js';
import { runAdviceAudit } from './lib/advice-run.js';

interface CorpusEntry {
  name: string;
  repo: string;
  path: string;
  branch: string;
  commit: string;
  language: string;
  firstCommitYear: number;
  files: number;
  mirrorBytes: number;
  refs: number;
  note?: string;
}

/** What one repository's child process reports. */
interface RepoReport {
  name: string;
  failures: string[];
  cloneMs: number | null;
  kindMs: Partial<Record<AnalysisKind, number>>;
  baselineMs: number | null;
  cliStructureMs: number | null;
  cliAllMs: number | null;
  cliRssKb: number | null;
  clocMs: number | null;
  productRssKb: number;
  /** Objects the corpus mirror lacks (a partial snapshot), when its clone failed for that. */
  incompleteMirror?: number;
  /** RSS with the database open and migrated, before any repository work. */
  startRssKb: number;
  facts: Facts | null;
}

/** The answers the accuracy spot-check compares with GitHub (docs/analysis/accuracy.md). */
interface Facts {
  defaultBranch: string | null;
  languages: Array<{ name: string; share: number | null }>;
  structureLicense: string | null;
  readmeLicenseCheck: string | null;
  communityLicense: string[] | null;
  /** linguist-js (GitHub's Linguist ported) on a checkout of the same commit, as a proxy for GitHub's bar. */
  linguist?: Array<{ name: string; share: number }>;
  linguistError?: string;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const GIT_ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: '/nonexistent',
  LC_ALL: 'C',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};
const git = (gitDir: string, ...args: string[]) =>
  execFileSync('git', [`--git-dir=${gitDir}`, ...args], {
    env: GIT_ENV,
    maxBuffer: 1 << 28,
  }).toString();

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function readCorpus(): CorpusEntry[] {
  const file = path.join(ROOT, 'bench', 'corpus.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { repositories: CorpusEntry[] }).repositories;
}

/**
 * The CLI as a user starts it (`npx rota-analyze`): the package's bin, which runs the esbuild bundle
 * with one chunk per analysis (and makes it first if it is missing or stale — see warmUpCli).
 */
function cliCommand(): { argv: string[]; label: string } {
  return {
    argv: [process.execPath, path.join(ROOT, 'packages/analysis/bin/rota-analyze.js')],
    label: 'packages/analysis/bin/rota-analyze.js (the npx rota-analyze bin)',
  };
}

/** Bundles once before timing, so no repository's CLI time includes making the bundle. */
function warmUpCli(): void {
  const [node, ...args] = cliCommand().argv;
  const result = spawnSync(node!, [...args, '--help'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`rota-analyze --help failed: ${result.stderr}`);
}

/** Wall milliseconds of a whole process; throws with its stderr when it fails. */
function timed(argv: string[], options: { cwd?: string; shell?: boolean } = {}): number {
  const started = performance.now();
  const result = spawnSync(argv[0]!, argv.slice(1), {
    cwd: options.cwd,
    env: { ...process.env, ...GIT_ENV },
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 1 << 26,
  });
  const ms = performance.now() - started;
  if (result.status !== 0)
    throw new Error(
      `${path.basename(argv[0]!)} exited ${result.status}: ${firstLine(result.stderr)}`,
    );
  return ms;
}

const firstLine = (text: Buffer | string | null | undefined) =>
  String(text ?? '')
    .split('\n')
    .find((line) => line.trim()) ?? '(no output)';

/** The error's code and sentence, and for git failures the first line git wrote (the diagnosis). */
function message(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, detail } = error as { code?: string; detail?: string };
  const git = detail
    ?.split('\n')
    .find((line) => /error|fatal/i.test(line))
    ?.trim();
  return `${code ? `${code}: ` : ''}${firstLine(error.message)}${git ? ` (git: ${git})` : ''}`;
}

/**
 * A bare repository that borrows the mirror's objects and copies its refs, with the default
 * branch pointing at the recorded commit (see the header).
 */
function pinnedRepository(
  entry: Pick<CorpusEntry, 'branch' | 'commit'>,
  mirror: string,
  into: string,
): void {
  execFileSync('git', ['init', '--bare', '-q', `--initial-branch=${entry.branch}`, into], {
    env: GIT_ENV,
  });
  writeFileSync(path.join(into, 'objects/info/alternates'), `${path.join(mirror, 'objects')}\n`);
  const own = `refs/heads/${entry.branch}`;
  const refs = git(mirror, 'for-each-ref', '--format=%(objectname) %(refname)')
    .split('\n')
    .filter((line) => /^[0-9a-f]{40} refs\/(heads|tags|pull)\//.test(line))
    .filter((line) => line.slice(41) !== own);
  refs.push(`${entry.commit} ${own}`);
  refs.sort((a, b) => (a.slice(41) < b.slice(41) ? -1 : a.slice(41) > b.slice(41) ? 1 : 0));
  writeFileSync(path.join(into, 'packed-refs'), `${refs.join('\n')}\n`);
}

async function child(name: string): Promise<void> {
  // On stderr, so a crash (the parent shows stderr's first line) names the step it died in.
  const step = (what: string) => process.stderr.write(`${stepPrefix(name)}${what}\n`);
  const entry = readCorpus().find((e) => e.name === name)!;
  const corpusDir = process.env.CORPUS_DIR!;
  const mirror = path.resolve(corpusDir, entry.path);
  const work = mkdtempSync(path.join(tmpdir(), `rota-corpus-${entry.name}-`));
  const report = emptyReport(name, []);
  const fail = (step: string, error: unknown) => report.failures.push(`${step}: ${message(error)}`);
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    git(mirror, 'cat-file', '-e', `${entry.commit}^{commit}`);
    const pinned = path.join(work, 'pinned.git');
    pinnedRepository(entry, mirror, pinned);

    // ---- the product's path
    await runMigrations(database);
    report.startRssKb = process.memoryUsage().rss / 1024;
    const env = parseEnv({ ALLOW_LOCAL_REPOS: 'true' });
    const mirrors = new MirrorStore(database.db, {
      reposDir: path.join(work, 'data/repos'),
      allowLocalRepos: true,
      allowPrivateHosts: false,
      maxSizeBytes: env.MAX_REPO_SIZE_MB * 1024 * 1024,
      timeoutMs: env.CLONE_TIMEOUT_S * 1000,
      freshnessMs: 24 * 3600 * 1000, // the clone below is the fetch; the jobs find it fresh
    });
    const handler = createAnalyzeHandler({
      db: database.db,
      mirrors,
      engine: defaultEngine,
      events: testEvents(),
    });
    const context = {
      jobId: 'corpus',
      attempt: 1,
      signal: new AbortController().signal,
      progress: async () => undefined,
    };
    let started = performance.now();
    let clone: string | null = null;
    let defaultBranch: string | null = null;
    try {
      step('clone');
      const synced = await mirrors.sync(pinned);
      clone = synced.gitDir;
      defaultBranch = synced.defaultBranch;
      report.cloneMs = performance.now() - started;
    } catch (error) {
      // The corpus snapshots were made as partial clones (`.promisor` packs) with a blob size
      // limit, so a few repositories lack old large blobs that GitHub itself would send; nothing
      // can serve their full history. Say so instead of blaming the product, and let the analyses
      // still run on a mirror made from the pinned repository (no clone): the row stays a failure.
      const missing = missingObjects(pinned);
      if (!missing) fail('clone', error);
      else {
        report.incompleteMirror = missing;
        fail(
          'clone',
          `the corpus mirror lacks ${missing} objects of its history (a partial snapshot), so no full clone can be served; analyses ran on the pinned repository directly`,
        );
        clone = mirrors.pathFor(pinned);
        mkdirSync(path.dirname(clone), { recursive: true });
        cpSync(pinned, clone, { recursive: true });
        defaultBranch = entry.branch;
        await recordFetch(database.db, {
          url: pinned,
          path: path.basename(clone),
          defaultBranch,
          sizeBytes: 0,
        });
      }
    }
    if (clone) {
      for (const kind of ALL_ANALYSIS_KINDS) {
        started = performance.now();
        step(kind);
        try {
          await handler({ repoUrl: pinned, branch: null, kind }, context);
          report.kindMs[kind] = performance.now() - started;
        } catch (error) {
          fail(kind, error);
        }
      }
      const stored = await latestResult(database.db, pinned, 'structure');
      if (stored && stored.commitSha !== entry.commit)
        fail('pin', `analysed ${stored.commitSha}, expected ${entry.commit}`);
      report.facts = await facts(database.db, pinned, defaultBranch);
    }
    report.productRssKb = process.resourceUsage().maxRSS;

    // ---- baselines and the CLI, on the store's clone (the page cache is warm from the jobs)
    if (clone) {
      const baseline = [
        'sh',
        '-c',
        `git --git-dir="$0" ls-tree -r --object-only ${entry.commit} | git --git-dir="$0" cat-file --batch > /dev/null`,
        clone,
      ];
      try {
        timed(baseline);
        report.baselineMs = median([timed(baseline), timed(baseline), timed(baseline)]);
      } catch (error) {
        fail('baseline', error);
      }
      const cli = cliCommand().argv;
      try {
        const runs = [0, 1, 2].map(() =>
          timed([...cli, clone, '--ref', entry.commit, '--only', 'structure', '--json']),
        );
        report.cliStructureMs = median(runs);
      } catch (error) {
        fail('cli structure', error);
      }
      try {
        const rssFile = path.join(work, 'cli-rss');
        const json = path.join(work, 'cli.json');
        report.cliAllMs = timed([
          'sh',
          '-c',
          'rss=$0 out=$1; shift; /usr/bin/time -f %M -o "$rss" "$@" > "$out"',
          rssFile,
          json,
          ...cli,
          clone,
          '--ref',
          entry.commit,
          '--json',
        ]);
        report.cliRssKb = Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop());
        const parsed = JSON.parse(readFileSync(json, 'utf8')) as Record<string, unknown>;
        const missing = ALL_ANALYSIS_KINDS.filter((kind) => !(kind in parsed));
        if (missing.length) fail('cli', `JSON without ${missing.join(', ')}`);
      } catch (error) {
        fail('cli', error);
      }
      const wantLinguist = Boolean(process.env.CORPUS_FACTS);
      if (hasCloc() || wantLinguist) {
        const checkout = path.join(work, 'checkout');
        mkdirSync(checkout);
        try {
          execFileSync(
            'sh',
            ['-c', `git --git-dir="$0" archive ${entry.commit} | tar -x -C "$1"`, clone, checkout],
            { env: GIT_ENV },
          );
          if (hasCloc()) report.clocMs = timed(['cloc', '--quiet', '--json', checkout]);
          if (wantLinguist && report.facts) {
            try {
              report.facts.linguist = linguistShares(checkout);
            } catch (error) {
              report.facts.linguistError = message(error); // the comparison's tool, not Rota
            }
          }
        } catch (error) {
          fail('checkout', error);
        }
      }
    }
  } catch (error) {
    fail('setup', error);
  } finally {
    await database.close();
    rmSync(work, { recursive: true, force: true });
  }
  process.stdout.write(JSON.stringify(report));
}

let clocKnown: boolean | undefined;
function hasCloc(): boolean {
  clocKnown ??= spawnSync('cloc', ['--version'], { stdio: 'ignore' }).status === 0;
  return clocKnown;
}

/** The newest stored result of one kind: the benchmark analyses one pinned revision per repository. */
async function latestResult(
  db: Parameters<typeof listResultsForRepo>[0],
  repoUrl: string,
  kind: string,
) {
  return (await listResultsForRepo(db, repoUrl)).find((row) => row.kind === kind);
}

async function facts(
  db: Parameters<typeof listResultsForRepo>[0],
  repoUrl: string,
  defaultBranch: string | null,
): Promise<Facts> {
  /* eslint-disable @typescript-eslint/no-explicit-any -- stored JSON, read for a report only */
  const structure = (await latestResult(db, repoUrl, 'structure'))?.result as any;
  const readme = (await latestResult(db, repoUrl, 'readme'))?.result as any;
  const licenseCheck = readme?.readme?.checks?.find((c: any) => c.id === 'license');
  const community = readme?.communityFiles?.files?.find((f: any) => f.kind === 'license');
  return {
    defaultBranch,
    languages: (structure?.structure?.languages ?? [])
      .filter((l: any) => l.counted)
      .slice(0, 5)
      .map((l: any) => ({ name: l.name, share: l.byteShare })),
    structureLicense: structure?.composition?.license?.spdxId ?? null,
    readmeLicenseCheck: licenseCheck ? `${licenseCheck.status}` : null,
    communityLicense: community ? community.found.map((f: any) => f.path) : null,
  };
  /* eslint-enable @typescript-eslint/no-explicit-any */
}

/**
 * Byte shares like GitHub's language bar: programming and markup languages, top five. linguist-js
 * runs in a process of its own: on prettier's checkout it dies of a V8 array-size error, which
 * must cost the comparison, not the repository's row.
 */
function linguistShares(checkout: string): Array<{ name: string; share: number }> {
  const script = `import linguist from 'linguist-js';
const result = await linguist(process.argv[1], { offline: true });
process.stdout.write(JSON.stringify(result.languages.results));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, checkout], {
    cwd: ROOT,
    maxBuffer: 1 << 26,
  });
  if (run.status !== 0)
    throw new Error(`linguist-js exited ${run.status}: ${crashLine(String(run.stderr), '')}`);
  const results = JSON.parse(run.stdout.toString()) as Record<
    string,
    { type: string; bytes: number }
  >;
  const counted = Object.entries(results).filter(
    ([, language]) => language.type === 'programming' || language.type === 'markup',
  );
  const total = counted.reduce((sum, [, language]) => sum + language.bytes, 0);
  return counted
    .sort(([, a], [, b]) => b.bytes - a.bytes)
    .slice(0, 5)
    .map(([name, language]) => ({
      name,
      share: Math.round((10000 * language.bytes) / total) / 100,
    }));
}

/** Objects the heads and tags of `gitDir` reach but the object store lacks. */
function missingObjects(gitDir: string): number {
  // Counted by grep: the full listing of a large history is millions of lines.
  const counted = spawnSync(
    'sh',
    [
      '-c',
      'git --git-dir="$0" rev-list --objects --missing=print --branches --tags | grep -c "^?"',
      gitDir,
    ],
    { env: GIT_ENV },
  );
  return Number(counted.stdout.toString().trim()) || 0;
}

const stepPrefix = (name: string) => `${name}: `;
const lastStep = (stderr: string, name: string) =>
  stderr
    .split('\n')
    .filter((line) => line.startsWith(stepPrefix(name)))
    .pop()
    ?.slice(stepPrefix(name).length) ?? 'setup';
/** The line of a dead child's stderr that says why: V8's fatal message, else the first error. */
function crashLine(stderr: string, name: string): string {
  const lines = stderr
    .split('\n')
    .filter((line) => !line.startsWith(stepPrefix(name)))
    .map((line) => line.replace(/^#\s*/, '').trim())
    .filter((line) => /\w/.test(line));
  return (
    lines.find((line) => /^Fatal JavaScript/.test(line)) ??
    lines.find((line) => /error/i.test(line)) ??
    lines[0] ??
    '(no output)'
  );
}

function runChild(name: string): Promise<RepoReport> {
  return new Promise((resolve) => {
    const proc = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', name],
      { stdio: ['ignore', 'pipe', 'pipe'], env: process.env },
    );
    let out = '';
    let err = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    proc.on('close', (code) => {
      try {
        resolve(JSON.parse(out) as RepoReport);
      } catch {
        resolve(
          emptyReport(name, [
            `process exited ${code} during ${lastStep(err, name)}: ${crashLine(err, name)}`,
          ]),
        );
      }
    });
  });
}

const seconds = (ms: number | null | undefined) => (ms == null ? '-' : (ms / 1000).toFixed(2));
const ratio = (a: number | null, b: number | null) =>
  a == null || b == null ? '-' : `${(a / b).toFixed(1)}x`;
const mb = (kb: number | null) => (kb ? String(Math.round(kb / 1024)) : '-');

function row(entry: CorpusEntry, r: RepoReport): string[] {
  return [
    entry.repo,
    r.incompleteMirror ? 'FAIL (mirror incomplete)' : r.failures.length ? 'FAIL' : 'ok',
    seconds(r.cloneMs),
    ...ALL_ANALYSIS_KINDS.map((kind) => seconds(r.kindMs[kind])),
    seconds(r.baselineMs),
    seconds(r.cliStructureMs),
    ratio(r.cliStructureMs, r.baselineMs),
    seconds(r.clocMs),
    ratio(r.clocMs, r.cliStructureMs),
    seconds(r.cliAllMs),
    `${mb(r.productRssKb)} (${mb(r.startRssKb)})`,
    mb(r.cliRssKb),
  ];
}

async function main(): Promise<void> {
  const corpus = readCorpus();
  const corpusDir = process.env.CORPUS_DIR;
  if (!corpusDir || !existsSync(corpusDir)) {
    console.error(
      `CORPUS_DIR must name the directory holding the corpus mirrors (got ${JSON.stringify(corpusDir ?? null)}); ` +
        'each entry of bench/corpus.json gives its path under it.',
    );
    process.exit(2);
  }
  const args = process.argv.slice(2);
  const option = (flag: string): string | undefined => {
    const at = args.indexOf(flag);
    if (at === -1) return undefined;
    const value = args[at + 1];
    if (!value || value.startsWith('--')) {
      console.error(`${flag} needs a file`);
      process.exit(2);
    }
    args.splice(at, 2);
    return value;
  };
  const advice = option('--advice');
  const doc = option('--doc') ?? path.join(ROOT, 'docs/analysis/advice-audit.md');
  const verdicts = option('--verdicts') ?? path.join(ROOT, 'bench/advice-verdicts.json');
  const render = args.includes('--render');
  if (render) args.splice(args.indexOf('--render'), 1);
  const wanted = args.map((name) => name.toLowerCase());
  const unknown = wanted.filter(
    (name) => !corpus.some((e) => e.name === name || e.repo.toLowerCase() === name),
  );
  if (unknown.length) {
    console.error(
      `not in bench/corpus.json: ${unknown.join(', ')} (names: ${corpus.map((e) => e.name).join(', ')})`,
    );
    process.exit(2);
  }
  const selected = wanted.length
    ? corpus.filter((e) => wanted.includes(e.name) || wanted.includes(e.repo.toLowerCase()))
    : corpus;
  console.log(`corpus: ${selected.length} repositories from ${corpusDir}`);
  if (advice) {
    if (!render) warmUpCli();
    const started = performance.now();
    const ok = await runAdviceAudit(selected, {
      json: advice,
      doc,
      verdicts,
      render,
      corpusDir,
      cli: cliCommand().argv,
      gitEnv: GIT_ENV,
      pin: pinnedRepository,
    });
    console.log(`advice audit: ${((performance.now() - started) / 1000).toFixed(1)} s wall`);
    process.exit(ok ? 0 : 1);
  }
  warmUpCli();
  console.log(`cli: ${cliCommand().label}; cloc: ${hasCloc() ? 'installed' : 'not installed'}`);
  const header = [
    'repository',
    'result',
    'clone s',
    ...ALL_ANALYSIS_KINDS.map((kind) => `${kind} s`),
    'cat-file s',
    'cli struct s',
    'vs cat-file',
    'cloc s',
    'cloc/cli',
    'cli all s',
    'job RSS MB (at start)',
    'cli RSS MB',
  ];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  const failed: Array<[string, string[]]> = [];
  const allFacts: Record<string, Facts | null> = {};
  for (const entry of selected) {
    const report = await runChild(entry.name);
    console.log(`| ${row(entry, report).join(' | ')} |`);
    if (report.failures.length) failed.push([entry.repo, report.failures]);
    allFacts[entry.repo] = report.facts;
    // Written after every repository, so an interrupted run keeps what it found.
    if (process.env.CORPUS_FACTS)
      writeFileSync(process.env.CORPUS_FACTS, `${JSON.stringify(allFacts, null, 2)}\n`);
  }
  if (process.env.CORPUS_FACTS)
    console.log(`\nanswers for the accuracy check written to ${process.env.CORPUS_FACTS}`);
  for (const [repo, failures] of failed)
    for (const failure of failures) console.log(`FAIL ${repo}: ${failure}`);
  console.log(`\n${selected.length - failed.length}/${selected.length} repositories ok`);
  process.exit(failed.length ? 1 : 0);
}

if (process.argv[2] === '--child') await child(process.argv[3]!);
else await main();

/** A repository's row before anything was measured (also the row of a child that crashed). */
function emptyReport(name: string, failures: string[]): RepoReport {
  return {
    name,
    failures,
    cloneMs: null,
    kindMs: {},
    baselineMs: null,
    cliStructureMs: null,
    cliAllMs: null,
    cliRssKb: null,
    clocMs: null,
    productRssKb: 0,
    startRssKb: 0,
    facts: null,
  };
}
