/**
 * The corpus benchmark's advice audit (`npm run bench -- corpus --advice <file.json>`): for each
 * repository, `rota-analyze --json` (every analysis, as a whole process, timed) on the pinned
 * repository, then every recommendation collected (advice-collect.ts), written as JSON to <file>
 * and as markdown with the reviewed verdicts (advice-render.ts) into the doc.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analyzeBranches } from '@rota/analysis';
import {
  collectAdvice,
  type CliResults,
  type RepoAdvice,
  type TreeReader,
} from './advice-collect.js';
import { renderAudit, spliceInto, tally, unjudged, type Verdicts } from './advice-render.js';

export interface AuditEntry {
  name: string;
  repo: string;
  path: string;
  branch: string;
  commit: string;
  language: string;
}

export interface AuditOptions {
  /** Where the JSON goes (and, with `render`, where it is read from instead of running the CLI). */
  json: string;
  doc: string;
  verdicts: string;
  render: boolean;
  corpusDir: string;
  cli: string[];
  gitEnv: NodeJS.ProcessEnv;
  pin: (entry: AuditEntry, mirror: string, into: string) => void;
}

function treeReader(gitDir: string, commit: string, env: NodeJS.ProcessEnv): TreeReader {
  const git = (...args: string[]) =>
    execFileSync('git', [`--git-dir=${gitDir}`, ...args], { env, maxBuffer: 1 << 28 });
  let paths: string[] | undefined;
  return {
    paths: () =>
      (paths ??= git('ls-tree', '-r', '-z', '--name-only', commit)
        .toString()
        .split('\0')
        .filter(Boolean)),
    text: (file) => {
      try {
        const blob = git('cat-file', 'blob', `${commit}:${file}`);
        return blob.length > 1 << 20 || blob.includes(0) ? null : blob.toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/**
 * When the mirror was taken: its newest branch commit. Branch ages are measured from then, not from
 * today, so a branch that was active when the snapshot was made is not called stale because the
 * snapshot has aged (the product measures from the moment it analyses a fresh clone).
 */
function snapshotTime(gitDir: string, env: NodeJS.ProcessEnv): Date {
  const newest = execFileSync(
    'git',
    [
      `--git-dir=${gitDir}`,
      'for-each-ref',
      '--sort=-committerdate',
      '--count=1',
      '--format=%(committerdate:iso-strict)',
      'refs/heads',
    ],
    { env },
  )
    .toString()
    .trim();
  return new Date(newest);
}

async function auditOne(entry: AuditEntry, options: AuditOptions): Promise<RepoAdvice> {
  const work = mkdtempSync(path.join(tmpdir(), `rota-advice-${entry.name}-`));
  try {
    const pinned = path.join(work, 'pinned.git');
    options.pin(entry, path.resolve(options.corpusDir, entry.path), pinned);
    const started = performance.now();
    const run = spawnSync(
      options.cli[0]!,
      [...options.cli.slice(1), pinned, '--ref', entry.commit, '--json'],
      {
        env: { ...process.env, ...options.gitEnv },
        maxBuffer: 1 << 30,
      },
    );
    const cliSeconds = (performance.now() - started) / 1000;
    if (run.status !== 0)
      throw new Error(
        `rota-analyze exited ${run.status}: ${run.stderr.toString().trim().split('\n')[0]}`,
      );
    const results = JSON.parse(run.stdout.toString()) as CliResults;
    results.branches = await analyzeBranches(pinned, {
      now: snapshotTime(pinned, options.gitEnv),
    });
    return {
      name: entry.name,
      repo: entry.repo,
      language: entry.language,
      commit: entry.commit,
      cliSeconds,
      items: collectAdvice(results, treeReader(pinned, entry.commit, options.gitEnv)),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Runs (or, with `render`, re-reads) the audit and writes the JSON and the doc; false on a failure. */
export async function runAdviceAudit(
  entries: AuditEntry[],
  options: AuditOptions,
): Promise<boolean> {
  let all: RepoAdvice[];
  let ok = true;
  if (options.render) all = JSON.parse(readFileSync(options.json, 'utf8')) as RepoAdvice[];
  else {
    all = [];
    for (const entry of entries) {
      try {
        const advice = await auditOne(entry, options);
        all.push(advice);
        console.log(
          `${entry.name}: ${advice.items.length} items, rota-analyze ${advice.cliSeconds.toFixed(1)} s`,
        );
      } catch (error) {
        ok = false;
        console.log(
          `FAIL ${entry.name}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      // Written after every repository, so an interrupted run keeps what it found.
      writeFileSync(options.json, `${JSON.stringify(all, null, 1)}\n`);
    }
  }
  const verdicts = existsSync(options.verdicts)
    ? (JSON.parse(readFileSync(options.verdicts, 'utf8')) as Verdicts)
    : {};
  const doc = existsSync(options.doc) ? readFileSync(options.doc, 'utf8') : null;
  writeFileSync(options.doc, spliceInto(doc, renderAudit(all, verdicts)));
  for (const advice of all) {
    const counts = tally(advice, verdicts);
    console.log(
      `${advice.name}: ${counts.checked} checked, ${counts.right} right, ${counts.wrong} wrong, ${counts.debatable} debatable, ${counts.unjudged} unjudged`,
    );
  }
  const open = unjudged(all, verdicts);
  if (open.length) console.log(`\n${open.length} unjudged items:\n${open.join('\n')}`);
  console.log(`\nadvice written to ${options.json} and ${options.doc}`);
  return ok;
}
