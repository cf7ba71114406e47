/**
 * Structure analysis against its baselines, on a synthetic repository built here with
 * `git fast-import`: 20,000 distinct files in 15 languages plus docs, configs, vendored and
 * minified files (~65 MB). In the same run it measures, as medians, wall and CPU time (CPU of the
 * process and of its git children):
 *   baseline   `git ls-tree -r --object-only HEAD | git cat-file --batch > /dev/null`, the raw cost
 *              of streaming every blob of the tree (10 runs, before and after the analysis runs);
 *   analysis   openSnapshot + analyzeStructure + close, in a child process (5 warm runs, plus the
 *              first one), and the child's peak RSS;
 *   raw read   the same blobs only read into Node through the snapshot's cat-file, no work: the
 *              floor of any consumer on the other end of the pipe (alternated with the analysis);
 *   cloc       `cloc --json` on a checked-out copy (one run), and its totals as a cross-check;
 *   linguist-js  offline mode on the checked-out copy (one run), and its byte shares.
 * Goals: analysis ≤ 1.5× baseline, ≥ 20× faster than cloc, peak RSS < 300 MB.
 *
 *   node --conditions=source --import tsx bench/structure.ts [--files N]
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import linguist from 'linguist-js';
import { openSnapshot } from '../packages/analysis/src/snapshot/snapshot.js';
import { analyzeStructure } from '../packages/analysis/src/structure/index.js';

const GIT_ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: '/nonexistent',
  LC_ALL: 'C',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

// ---- synthetic repository -------------------------------------------------------------------

/** Deterministic PRNG (mulberry32), so every run benchmarks the same tree. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Unit = (name: string, k: number, n: number) => string[];
interface Flavour {
  ext: string;
  weight: number;
  doc: (name: string) => string[];
  unit: Unit;
  head?: string[];
  tail?: string[];
}

const cDoc = (name: string) => ['/**', ` * Computes ${name} for the synthetic tree.`, ' */'];
const hashDoc = (name: string) => [`# Computes ${name} for the synthetic tree.`];
const braces =
  (decl: string, label: string, ret: (x: string) => string): Unit =>
  (name, k, n) => [
    decl.replace('NAME', name),
    `    ${label.replace('K', String(k))}`,
    `    if (input > ${k}) {`,
    `        ${ret(`input * ${(k % 7) + 1}`)}`,
    '    }',
    `    ${ret(`input + ${n}`)}`,
    '}',
  ];
const semi = (x: string) => `return ${x};`;

// Fifteen languages, weighted roughly like a polyglot monorepo.
const FLAVOURS: Flavour[] = [
  { ext: 'ts', weight: 20, doc: cDoc, unit: braces('export function NAME(input: number): number {', 'const label = "value // K"; // inline note', semi) },
  { ext: 'js', weight: 10, doc: cDoc, unit: braces('export function NAME(input) {', "const label = 'value /* K */'; // inline note", semi) },
  { ext: 'py', weight: 12, doc: hashDoc, unit: (name, k, n) => [`def ${name}(value):`, `    """Docstring of ${name}."""`, `    label = "value # ${k}"  # inline note`, `    if value > ${k}:`, `        return value * ${(k % 7) + 1}`, `    return value + ${n}`] },
  { ext: 'go', weight: 8, doc: (n) => [`// ${n} computes a value.`], head: ['package synthetic', ''], unit: braces('func NAME(input int) int {', 'label := "value // K" // inline note\n    _ = label', semi) },
  { ext: 'java', weight: 8, doc: cDoc, head: ['package synthetic;', '', 'public class Synthetic {'], tail: ['}'], unit: braces('public static int NAME(int input) {', 'String label = "value // K"; // inline note', semi) },
  { ext: 'c', weight: 5, doc: cDoc, head: ['#include <stdio.h>', ''], unit: braces('int NAME(int input) {', 'const char *label = "value /* K */"; /* inline */', semi) },
  { ext: 'cpp', weight: 5, doc: cDoc, head: ['#include <string>', ''], unit: braces('int NAME(int input) {', 'std::string label = "value // K"; // inline note', semi) },
  { ext: 'cs', weight: 5, doc: (n) => [`/// <summary>${n}</summary>`], head: ['using System;', '', 'public static class Synthetic {'], tail: ['}'], unit: braces('public static int NAME(int input) {', 'var label = "value // K"; // inline note', semi) },
  { ext: 'rb', weight: 5, doc: hashDoc, unit: (name, k, n) => [`def ${name}(value)`, `  label = "value # ${k}" # inline note`, `  return value * ${(k % 7) + 1} if value > ${k}`, `  value + ${n}`, 'end'] },
  { ext: 'php', weight: 4, doc: cDoc, head: ['<?php', ''], unit: braces('function NAME($input) {', '$label = "value # K"; // inline note', semi) },
  { ext: 'rs', weight: 5, doc: (n) => [`/// ${n} computes a value.`], unit: braces('pub fn NAME(input: i64) -> i64 {', 'let _label = "value // K"; // inline note', semi) },
  { ext: 'kt', weight: 4, doc: cDoc, unit: braces('fun NAME(input: Int): Int {', 'val label = "value // K" // inline note', (x) => `return ${x}`) },
  { ext: 'swift', weight: 3, doc: cDoc, unit: braces('func NAME(_ input: Int) -> Int {', 'let label = "value // K" // inline note', (x) => `return ${x}`) },
  { ext: 'sh', weight: 3, doc: hashDoc, head: ['#!/bin/sh', ''], unit: (name, k, n) => [`${name}() {`, `  label="value # ${k}" # inline note`, `  if [ "$1" -gt ${k} ]; then`, `    echo $(( $1 * ${(k % 7) + 1} ))`, '  fi', `  echo $(( $1 + ${n} ))`, '}'] },
  { ext: 'sql', weight: 3, doc: (n) => [`-- ${n}: a view over the synthetic tables.`], unit: (name, k, n) => [`CREATE VIEW v_${name} AS`, `  SELECT id, '-- ${k}' AS label -- inline note`, `  FROM t_${n}`, `  WHERE id > ${k};`] },
]; // prettier-ignore

function sourceFile(flavour: Flavour, i: number, size: number): string {
  const lines = [...(flavour.head ?? [])];
  let length = 0;
  for (let k = 0; length < size; k += 1) {
    const name = `f${i}_${k}`;
    const unit = [...flavour.doc(name), ...flavour.unit(name, k, (i * 31 + k) % 997), ''];
    lines.push(...unit);
    length += unit.reduce((sum, line) => sum + line.length + 1, 0);
  }
  return [...lines, ...(flavour.tail ?? []), ''].join('\n');
}

/** `count` files: sources in the fifteen languages, plus docs, configs, vendored and minified files. */
function* generateFiles(count: number): Generator<{ path: string; content: string }> {
  const random = prng(42);
  const totalWeight = FLAVOURS.reduce((sum, f) => sum + f.weight, 0);
  for (let i = 0; i < count; i += 1) {
    const size = Math.round(300 * Math.pow(40, random())); // log-uniform, 300 B to 12 kB
    const dir = `packages/p${i % 40}/src/m${(i >> 5) % 25}`;
    const roll = random();
    if (roll < 0.03)
      yield {
        path: `docs/guide-${i}.md`,
        content: `# Guide ${i}\n\n${'Some prose about the system.\n'.repeat(size / 29)}`,
      };
    else if (roll < 0.05)
      yield {
        path: `packages/p${i % 40}/config-${i}.yml`,
        content: `# config ${i}\nname: p${i}\nvalues:\n${'  - item\n'.repeat(size / 9)}`,
      };
    else if (roll < 0.07)
      yield {
        path: `node_modules/dep${i % 50}/lib/index-${i}.js`,
        content: sourceFile(FLAVOURS[1]!, i, size),
      };
    else if (roll < 0.075)
      yield {
        path: `public/assets/bundle-${i}.js`,
        content: `${'var a=function(b){return b+1};'.repeat(size / 31)}\n`,
      };
    else {
      let pick = random() * totalWeight;
      const flavour = FLAVOURS.find((f) => (pick -= f.weight) < 0) ?? FLAVOURS[0]!;
      yield { path: `${dir}/file_${i}.${flavour.ext}`, content: sourceFile(flavour, i, size) };
    }
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** CPU milliseconds of this process, and of its waited-for children (/proc/self/stat). */
function cpuMs(): { self: number; children: number } {
  const usage = process.cpuUsage();
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[13]) + Number(fields[14]); // cutime + cstime, in 1/100 s
  return { self: (usage.user + usage.system) / 1000, children: ticks * 10 };
}

interface Sample {
  wall: number;
  cpu: number;
}

async function measure(work: () => Promise<void>): Promise<Sample> {
  const before = cpuMs();
  const started = performance.now();
  await work();
  const wall = performance.now() - started;
  const after = cpuMs();
  return { wall, cpu: after.self - before.self + after.children - before.children };
}

interface ChildReport {
  analysis: Sample[];
  rawRead: Sample[];
  maxRssKb: number;
  startRssKb: number;
  summary: {
    files: number;
    bytes: number;
    code: number;
    comment: number;
    blank: number;
    languages: Array<{ name: string; byteShare: number | null }>;
    categories: Record<string, number>;
  };
}

/**
 * Child mode: alternately (a) analyse the repository and (b) only read every blob through the
 * snapshot's cat-file into Node (no processing: the floor any analysis in Node starts from).
 */
async function child(dir: string, runs: number): Promise<void> {
  const startRssKb = process.memoryUsage().rss / 1024;
  const report: Omit<ChildReport, 'maxRssKb' | 'startRssKb'> = {
    analysis: [],
    rawRead: [],
    summary: undefined as unknown as ChildReport['summary'],
  };
  for (let run = 0; run < runs; run += 1) {
    report.analysis.push(
      await measure(async () => {
        const snapshot = await openSnapshot(dir, 'HEAD');
        const result = await analyzeStructure(snapshot);
        await snapshot.close();
        report.summary = {
          ...result.totals,
          languages: result.languages.filter((l) => l.counted),
          categories: Object.fromEntries(
            Object.entries(result.categories).map(([k, v]) => [k, v.files]),
          ),
        };
      }),
    );
    report.rawRead.push(
      await measure(async () => {
        const snapshot = await openSnapshot(dir, 'HEAD');
        await snapshot.streamBlobs(snapshot.files, 1024 * 1024, () => undefined);
        await snapshot.close();
      }),
    );
  }
  const maxRssKb = process.resourceUsage().maxRSS;
  process.stdout.write(JSON.stringify({ ...report, maxRssKb, startRssKb }));
}

function buildRepository(dir: string, count: number): { files: number; bytes: number } {
  execFileSync('git', ['init', '-q', '--initial-branch=main', dir], { env: GIT_ENV });
  const chunks: Buffer[] = [];
  const message = 'synthetic tree\n';
  chunks.push(
    Buffer.from(
      `commit refs/heads/main\ncommitter Bench <bench@example.com> 1700000000 +0000\n` +
        `data ${Buffer.byteLength(message)}\n${message}`,
    ),
  );
  let bytes = 0;
  let files = 0;
  for (const file of generateFiles(count)) {
    const content = Buffer.from(file.content);
    chunks.push(Buffer.from(`M 100644 inline ${file.path}\ndata ${content.length}\n`), content);
    chunks.push(Buffer.from('\n'));
    bytes += content.length;
    files += 1;
  }
  const result = spawnSync('git', ['fast-import', '--quiet'], {
    cwd: dir,
    env: GIT_ENV,
    input: Buffer.concat(chunks),
  });
  if (result.status !== 0) throw new Error(`fast-import failed: ${result.stderr.toString()}`);
  execFileSync('git', ['reset', '-q', '--hard', 'main'], { cwd: dir, env: GIT_ENV });
  return { files, bytes };
}

function baselineRun(dir: string): Promise<Sample> {
  return measure(async () => {
    const result = spawnSync(
      'sh',
      ['-c', 'git ls-tree -r --object-only HEAD | git cat-file --batch > /dev/null'],
      { cwd: dir, env: GIT_ENV },
    );
    if (result.status !== 0) throw new Error(`baseline failed: ${result.stderr.toString()}`);
  });
}

function runChild(dir: string, runs: number): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const self = fileURLToPath(import.meta.url);
    const proc = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', self, '--child', dir, String(runs)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as ChildReport) : reject(new Error(`child ${code}`)),
    );
  });
}

const fmt = (ms: number) => `${ms.toFixed(0).padStart(6)} ms`;

async function main(): Promise<void> {
  const filesArg = process.argv.indexOf('--files');
  const count = filesArg !== -1 ? Number(process.argv[filesArg + 1]) : 20_000;
  const root = mkdtempSync(path.join(tmpdir(), 'rota-bench-structure-'));
  const dir = path.join(root, 'repo');
  try {
    let started = performance.now();
    const built = buildRepository(dir, count);
    const buildSeconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `synthetic repository: ${built.files} files, ${(built.bytes / 1e6).toFixed(1)} MB (built in ${buildSeconds} s)`,
    );

    await baselineRun(dir); // warm the page cache and git's pack index
    const baselines: Sample[] = [];
    for (let i = 0; i < 5; i += 1) baselines.push(await baselineRun(dir));
    const report = await runChild(dir, 6);
    for (let i = 0; i < 5; i += 1) baselines.push(await baselineRun(dir));

    started = performance.now();
    const clocOut = execFileSync('cloc', ['--quiet', '--json', dir], { maxBuffer: 1 << 26 });
    const clocMs = performance.now() - started;
    const cloc = JSON.parse(clocOut.toString()) as Record<
      string,
      { nFiles: number; code: number; comment: number; blank: number }
    >;
    started = performance.now();
    const linguistResult = await linguist(dir, { offline: true });
    const linguistMs = performance.now() - started;

    // The first analysis run pays for JIT warm-up; the rest are what a long-lived worker sees.
    const [coldRun, ...warmRuns] = report.analysis;
    const base = {
      wall: median(baselines.map((b) => b.wall)),
      cpu: median(baselines.map((b) => b.cpu)),
    };
    const ours = {
      wall: median(warmRuns.map((r) => r.wall)),
      cpu: median(warmRuns.map((r) => r.cpu)),
    };
    const raw = {
      wall: median(report.rawRead.map((r) => r.wall)),
      cpu: median(report.rawRead.map((r) => r.cpu)),
    };
    const s = report.summary;
    const line = (name: string, sample: Sample, note: string) =>
      console.log(`  ${name.padEnd(46)} wall ${fmt(sample.wall)}  cpu ${fmt(sample.cpu)}  ${note}`);
    console.log(
      `\nstructure analysis of ${s.files} files (${(s.bytes / 1e6).toFixed(1)} MB), medians`,
    );
    line('baseline: ls-tree | cat-file --batch >/dev/null', base, `(${baselines.length} runs)`);
    line(
      'analyzeStructure (warm, 5 runs)',
      ours,
      `ratio ${(ours.wall / base.wall).toFixed(2)}x wall, ${(ours.cpu / base.cpu).toFixed(2)}x cpu (goal ≤ 1.5x)`,
    );
    line(
      'analyzeStructure (first run in the process)',
      coldRun!,
      `ratio ${(coldRun!.wall / base.wall).toFixed(2)}x wall`,
    );
    line(
      'reference: read every blob into Node, no work',
      raw,
      `ratio ${(raw.wall / base.wall).toFixed(2)}x wall: the floor for any Node consumer`,
    );
    console.log(
      `  ${'cloc --json (checked-out copy)'.padEnd(46)} wall ${fmt(clocMs)}  analysis is ${(clocMs / ours.wall).toFixed(1)}x faster (goal ≥ 20x)`,
    );
    console.log(
      `  ${'linguist-js offline (checked-out copy)'.padEnd(46)} wall ${fmt(linguistMs)}  analysis is ${(linguistMs / ours.wall).toFixed(1)}x faster`,
    );
    console.log(
      `  peak RSS of the analysis process: ${(report.maxRssKb / 1024).toFixed(0)} MB (goal < 300 MB), of which ${(report.startRssKb / 1024).toFixed(0)} MB before the first run (Node + tsx + modules)`,
    );

    console.log('\ncross-check');
    const sum = cloc.SUM!;
    console.log(
      `  lines, ours: code ${s.code}, comment ${s.comment}, blank ${s.blank} (${s.files} files)`,
    );
    console.log(
      `  lines, cloc: code ${sum.code}, comment ${sum.comment}, blank ${sum.blank} (${sum.nFiles} files)`,
    );
    const theirs = linguistResult.languages.results;
    const counted = Object.values(theirs).filter(
      (v) => v.type === 'programming' || v.type === 'markup',
    );
    const theirBytes = counted.reduce((sum, v) => sum + v.bytes, 0);
    console.log('  byte share, ours vs linguist-js:');
    for (const language of s.languages) {
      const other = theirs[language.name];
      const share = other ? ((100 * other.bytes) / theirBytes).toFixed(2) : '-';
      console.log(
        `    ${language.name.padEnd(14)} ${String(language.byteShare).padStart(6)} %  ${share.padStart(6)} %`,
      );
    }
    console.log(`  files per category: ${JSON.stringify(s.categories)}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3]!, Number(process.argv[4] ?? 1));
else await main();
