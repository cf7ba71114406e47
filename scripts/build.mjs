#!/usr/bin/env node
// `npm run build [-- --force]`: builds contracts, analysis, server and web, in that order, each only
// when something its build reads changed since its last complete build, so `npm start` (which
// builds first) restarts in seconds when nothing did. `--force` builds every workspace.
//
// What a workspace's build reads: every file of its folder but dist/, node_modules/, tests
// (`*.test.*`, vitest configs, the server's src/testing/, which its build excludes) and what tools
// write beside the sources (coverage/, .vite/, Vite's config bundles); the lockfile and
// tsconfig.base.json; the Node version; the web build's environment (NODE_ENV, VITE_*); and the
// workspaces it is built against. Files count by content, not modification time, so a checkout or
// a `touch` that changes nothing builds nothing.
//
// A half-written build is never taken for a complete one: a workspace's record
// (node_modules/.cache/rota-build/<name>.json) is removed before its build starts and written
// (atomically) only after the build succeeded, with what it read and a listing of what it wrote
// (paths, sizes, modification times). A build interrupted, or one run around this script
// (`npm run build -w …`), leaves the listing different or no record, so the next run builds again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RECORDS = path.join(ROOT, 'node_modules', '.cache', 'rota-build');
const SHARED_INPUTS = ['package-lock.json', 'tsconfig.base.json'];
const TEST_FILE = /\.test\.[cm]?[jt]sx?$|^vitest(\.[\w-]+)?\.config\.[cm]?[jt]s$/;
/** Written by tools next to the sources, never read by a build (coverage, Vite's config bundles). */
const TOOL_OUTPUT = /^(coverage|\.vite)$|\.timestamp-[\w-]+\.m?js$|\.tsbuildinfo$/;

/** In build order; `uses`: the workspaces its build reads (types from their dist/, or sources). */
const WORKSPACES = [
  { name: '@rota/contracts', dir: 'packages/contracts', uses: [] },
  {
    name: '@rota/analysis',
    dir: 'packages/analysis',
    uses: ['@rota/contracts'],
    // `rota-analyze` rebuilds its own bundle there whenever its sources change (bin/rota-analyze.js).
    outputsRewrittenByOthers: ['dist/rota-analyze'],
  },
  {
    name: '@rota/server',
    dir: 'apps/server',
    uses: ['@rota/contracts', '@rota/analysis'],
    notBuilt: ['src/testing'],
  },
  {
    name: '@rota/web',
    dir: 'apps/web',
    uses: ['@rota/contracts'],
    env: (name) => name === 'NODE_ENV' || name.startsWith('VITE_'),
  },
];

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/** Every file under `dir` (relative to ROOT), skipping what `skip(relative path, isDir)` says. */
function listFiles(dir, skip) {
  const found = [];
  const walk = (relative) => {
    let entries;
    try {
      entries = readdirSync(path.join(ROOT, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = path.posix.join(relative, entry.name);
      if (skip(child, entry)) continue;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  walk(dir);
  return found.sort();
}

/** What one workspace's build reads, each part by name, so a rebuild can say what changed. */
function inputsOf(workspace, fingerprints) {
  const skipped = new Set(
    ['node_modules', 'dist', ...(workspace.notBuilt ?? [])].map((p) => `${workspace.dir}/${p}`),
  );
  const files = listFiles(
    workspace.dir,
    (relative, entry) =>
      skipped.has(relative) ||
      TOOL_OUTPUT.test(entry.name) ||
      (entry.isFile() && TEST_FILE.test(entry.name)),
  );
  const parts = {};
  for (const file of [...SHARED_INPUTS, ...files])
    parts[file] = sha256(readFileSync(path.join(ROOT, file)));
  parts['Node.js'] = process.version;
  for (const [name, value] of Object.entries(process.env).sort())
    if (workspace.env?.(name)) parts[`$${name}`] = sha256(value ?? '');
  for (const used of workspace.uses) parts[used] = fingerprints.get(used);
  return parts;
}

/** Paths, sizes and modification times of what a build wrote; changes when anything rewrites it. */
function outputsOf(workspace) {
  const dist = `${workspace.dir}/dist`;
  const others = new Set(
    (workspace.outputsRewrittenByOthers ?? []).map((p) => `${workspace.dir}/${p}`),
  );
  const files = listFiles(dist, (relative) => others.has(relative));
  if (files.length === 0) return null;
  return sha256(
    files
      .map((file) => {
        const stat = statSync(path.join(ROOT, file));
        return `${file}\0${stat.size}\0${stat.mtimeMs}`;
      })
      .join('\n'),
  );
}

const recordFile = (workspace) => path.join(RECORDS, `${workspace.name.replace('/', '+')}.json`);

function readRecord(workspace) {
  try {
    return JSON.parse(readFileSync(recordFile(workspace), 'utf8'));
  } catch {
    return null;
  }
}

function writeRecord(workspace, record) {
  mkdirSync(RECORDS, { recursive: true });
  const staging = `${recordFile(workspace)}.${process.pid}.tmp`;
  writeFileSync(staging, JSON.stringify(record));
  renameSync(staging, recordFile(workspace));
}

/** Why the workspace must be built, or null when its last complete build is current. */
function reasonToBuild(workspace, parts, record) {
  if (!record) return 'no complete build recorded';
  const names = new Set([...Object.keys(parts), ...Object.keys(record.parts)]);
  for (const name of names) {
    if (parts[name] === record.parts[name]) continue;
    if (!(name in record.parts)) return `${name} is new`;
    if (!(name in parts)) return `${name} is gone`;
    return `${name} changed`;
  }
  if (outputsOf(workspace) !== record.outputs)
    return `${workspace.dir}/dist is not what its build wrote`;
  return null;
}

const force = process.argv.includes('--force');
const fingerprints = new Map();
for (const workspace of WORKSPACES) {
  const parts = inputsOf(workspace, fingerprints);
  const fingerprint = sha256(JSON.stringify(parts));
  fingerprints.set(workspace.name, fingerprint);
  const reason = force
    ? 'asked to (--force)'
    : reasonToBuild(workspace, parts, readRecord(workspace));
  if (!reason) {
    console.log(`build: ${workspace.name} is up to date`);
    continue;
  }
  console.log(`build: ${workspace.name} (${reason})`);
  rmSync(recordFile(workspace), { force: true });
  const result = spawnSync('npm', ['run', 'build', '-w', workspace.name], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`build: ${workspace.name} failed`);
    process.exit(result.status ?? 1);
  }
  if (!existsSync(path.join(ROOT, workspace.dir, 'dist'))) {
    console.error(`build: ${workspace.name} wrote no dist/`);
    process.exit(1);
  }
  writeRecord(workspace, { fingerprint, parts, outputs: outputsOf(workspace) });
}
