/**
 * Lighthouse 12 (Debian Chromium) on the pages a leader opens, desktop and mobile, on
 * the built app: /login, /dashboard, /projects, a project page and the full report. Starts the
 * built server (embedded database), registers a user, creates a project on a local repository and
 * waits until its four analyses are stored, then audits every page in a fresh browser profile (cold
 * cache) and prints the scores, FCP, LCP, TBT, CLS and the bytes transferred. Goals: performance ≥ 0.95
 * desktop and ≥ 0.90 mobile, accessibility 1.0.
 * Then the CPU cost of compressing the API's JSON answers, against serialising them, in the same
 * process (the levels the server uses are in apps/server/src/plugins/compression.ts).
 *
 *   npm run bench -- pages [--root <checkout>] [--repo <git repository>] [--runs N]
 *
 * --root   the checkout whose build to measure (default: this one; `npm run build` there first),
 *          e.g. an export of main for a before/after pair.
 * --repo   the repository the project analyses (default: the e2e suite's fixture repository).
 * --runs   Lighthouse runs per page and form factor (default 1); the median performance is shown.
 * --pages  comma-separated labels to audit (login, dashboard, projects, project-page, full-report;
 *          default all), and --forms desktop|mobile (default both): a quicker loop while working on one.
 * --reports <dir>  also writes each median run's Lighthouse report there (`<page>-<form>.json`), to
 *          read the audits behind a score: LCP element, layout shifts, long tasks, unused JavaScript.
 * --ab <web dist>  compares this checkout's web build (a) with another one (b, e.g. a copy of
 *          apps/web/dist made before a change) on one server, alternating a and b run by run
 *          (--runs each): the way to measure one change, as two bench runs differ by ±0.02 anyway.
 * CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { createFixtureRepository } from '../e2e/tests/support/fixture-repo.js';
import { startBuiltServer } from './lib/built-server.js';
import { compressionCost } from './lib/compression-cost.js';
import { audit, type FormFactor, type PageScore } from './lib/lighthouse.js';
import { type BuildSide, twoBuilds } from './lib/two-builds.js';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const root = path.resolve(option('--root') ?? path.join(import.meta.dirname, '..'));
const RUNS = Number(option('--runs') ?? 1);
const REPORTS = option('--reports');
const PAGES = option('--pages')?.split(',');
const FORMS = (option('--forms')?.split(',') ?? ['desktop', 'mobile']) as FormFactor[];
const AB = option('--ab');
/** A page's label as a file name and a --pages entry: "project page" → project-page. */
const slug = (label: string) => label.replace(/\W+/g, '-').replace(/^-/, '');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ANALYSES = ['branch-analysis', 'readme-analysis', 'structure-analysis', 'technical-diagram'];

async function api<T>(base: string, method: string, url: string, token?: string, body?: object) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return { status: response.status, text, data: (JSON.parse(text) as { data: T }).data };
}

interface AnalysisAnswer {
  repositories?: Array<{ status: string; job: { error?: unknown } | null }>;
}

/**
 * Asks for every analysis and waits until each one is stored (202 while it runs). A failed one
 * stops the bench: pages showing a failure box are not the pages to measure.
 */
async function analyse(base: string, token: string, projectId: string): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  for (const analysis of ANALYSES) {
    for (;;) {
      const url = `/api/projects/${projectId}/${analysis}`;
      const answer = await api<AnalysisAnswer>(base, 'GET', url, token);
      const repositories = answer.data.repositories ?? [];
      if (answer.status === 200 && repositories.every((entry) => entry.status === 'ready')) break;
      const failed = repositories.find((entry) => entry.status === 'failed');
      if (failed) throw new Error(`${analysis} failed: ${JSON.stringify(failed.job?.error)}`);
      if (Date.now() > deadline) throw new Error(`${analysis} did not finish within 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/**
 * One audit, tried again (up to three times) when Lighthouse could not record the trace: on a
 * loaded machine it sometimes misses the navigation's start (NO_NAVSTART), which says nothing about
 * the page.
 */
async function auditRetrying(url: string, formFactor: FormFactor, storage: Record<string, string>) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, formFactor, storage, CHROMIUM);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`  (retrying ${url} ${formFactor}: ${(error as Error).message})`);
    }
  }
}

function median(scores: PageScore[]): PageScore {
  return [...scores].sort((a, b) => a.performance - b.performance)[Math.floor(scores.length / 2)]!;
}

/** The answer as it travels: its Content-Encoding and body bytes, not decoded (fetch would). */
function onTheWire(url: string, token: string): Promise<{ encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    get(
      url,
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'] ?? 'identity', bytes }),
        );
        res.on('error', reject);
      },
    ).on('error', reject);
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main() {
  const repo = option('--repo') ?? createFixtureRepository();
  const builds = AB ? twoBuilds(path.join(root, 'apps/web/dist'), path.resolve(AB)) : undefined;
  const server = await startBuiltServer(root, { webDist: builds?.dir });
  const sides: BuildSide[] = builds ? ['a', 'b'] : ['a'];
  try {
    const { base } = server;
    const account = {
      name: 'Bench Pages',
      email: `bench-pages-${Date.now()}@example.com`,
      password: 'Bench-Pages-1',
    };
    const session = await api<{ token: string; refreshToken: string; user: object }>(
      base,
      'POST',
      '/api/auth/register',
      undefined,
      account,
    );
    const token = session.data.token;
    // The repository's own default branch (express: master), not the app's default of main.
    const branch = execFileSync('git', ['-C', repo, 'symbolic-ref', '--short', 'HEAD'], {
      encoding: 'utf8',
    }).trim();
    const project = await api<{ id: string }>(base, 'POST', '/api/projects', token, {
      name: 'Bench pages',
      repos: [{ url: repo, branch }],
    });
    const projectId = project.data.id;
    const started = Date.now();
    await analyse(base, token, projectId);
    console.log(
      `root ${root}\nrepository ${repo} (${branch}) analysed in ${(Date.now() - started) / 1000} s`,
    );

    const signedIn = {
      token,
      refreshToken: session.data.refreshToken,
      user: JSON.stringify(session.data.user),
    };
    const pages: Array<[string, string, Record<string, string>]> = [
      ['/login', '/login', {}],
      ['/dashboard', '/dashboard', signedIn],
      ['/projects', '/projects', signedIn],
      ['project page', `/projects/${projectId}`, signedIn],
      ['full report', `/analyze-full/${projectId}`, signedIn],
    ];
    console.log(
      `\nLighthouse ${RUNS} run(s) per cell, median performance shown; bytes are transferred (compressed)`,
    );
    console.log(
      `${'page'.padEnd(14)} ${'form'.padEnd(8)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'FCP ms'.padStart(7)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'JS'.padStart(11)} ${'total'.padStart(11)}  a11y failures`,
    );
    if (builds) console.log(`a: ${path.join(root, 'apps/web/dist')}\nb: ${path.resolve(AB!)}`);
    for (const [label, url, storage] of pages) {
      if (PAGES && !PAGES.includes(slug(label))) continue;
      for (const formFactor of FORMS) {
        const scores: Record<BuildSide, PageScore[]> = { a: [], b: [] };
        for (let run = 0; run < RUNS; run += 1) {
          for (const side of sides) {
            builds?.use(side);
            scores[side].push(await auditRetrying(`${base}${url}`, formFactor, storage));
          }
        }
        for (const side of sides) {
          const score = median(scores[side]);
          if (REPORTS) {
            mkdirSync(REPORTS, { recursive: true });
            const name = `${slug(label)}-${formFactor}${builds ? `-${side}` : ''}.json`;
            writeFileSync(path.join(REPORTS, name), score.report);
          }
          const row = builds ? `${label} (${side})` : label;
          console.log(
            `${row.padEnd(14)} ${formFactor.padEnd(8)} ${score.performance.toFixed(2).padStart(5)} ${score.accessibility.toFixed(2).padStart(5)} ${score.fcpMs.toFixed(0).padStart(7)} ${score.lcpMs.toFixed(0).padStart(7)} ${score.tbtMs.toFixed(0).padStart(7)} ${score.cls.toFixed(3).padStart(6)} ${kb(score.scriptBytes).padStart(11)} ${kb(score.totalBytes).padStart(11)}  ${score.accessibilityFailures.join(', ') || '-'}`,
          );
          if (builds) {
            const each = scores[side].map((one) => one.performance.toFixed(2)).join(' ');
            console.log(`${''.padEnd(23)} runs: ${each}`);
          }
        }
      }
    }

    console.log('\nAPI JSON answers: size as sent to a browser (Accept-Encoding: br, gzip)');
    const answers: Array<[string, string]> = [];
    for (const url of [
      '/api/projects',
      ...ANALYSES.map((analysis) => `/api/projects/${projectId}/${analysis}`),
    ]) {
      const plain = await api(base, 'GET', url, token);
      const sent = await onTheWire(`${base}${url}`, token);
      console.log(
        `  ${url.replace(projectId, ':id').padEnd(42)} ${kb(plain.text.length).padStart(10)} → ${sent.encoding} ${kb(sent.bytes)}`,
      );
      answers.push([url, plain.text]);
    }
    const [largestUrl, largest] = answers.sort((a, b) => b[1].length - a[1].length)[0]!;
    console.log(
      `\nCPU per answer for the largest, ${largestUrl.replace(projectId, ':id')} (${kb(largest.length)}), median of 15×20:`,
    );
    for (const row of compressionCost(largest)) {
      console.log(
        `  ${row.setting.padEnd(26)} ${row.micros.toFixed(0).padStart(7)} µs  ${row.ratioToSerialise.toFixed(2).padStart(6)}× serialise  size ${(row.sizeShare * 100).toFixed(1).padStart(5)}%`,
      );
    }
  } finally {
    await server.stop();
    builds?.remove();
    if (!option('--repo')) rmSync(repo, { recursive: true, force: true });
  }
}

await main();
