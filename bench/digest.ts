/**
 * The digest on a real project's history: express's pull requests, read from its bare mirror
 * (bench/corpus.json's `expressjs+express/repo` under CORPUS_DIR), served by the GitHub double,
 * synced into a project on an embedded database, then the digest of the project's owner rendered
 * as of the dataset's last activity, in Turkish and English, and photographed by Chromium into
 * docs/screenshots/digest-express-{tr,en}.png. The figures are printed so they can be checked.
 *
 * The dataset, from git alone (bench/lib/merged-pulls.ts's rules):
 *   - every `refs/pull/<n>/head` is a pull request, opened at its head commit's author date, by
 *     its author (the login of a GitHub no-reply address, else the name as a login);
 *   - merged: found by merged-pulls; merged at the landing commit's committer date; titled by the
 *     landing commit when it has the words, else the head commit's subject;
 *   - not merged: open when its head commit is less than 60 days older than `now`, else closed;
 *   - reviews: a `Reviewed-by:` trailer of the landing commit when git has one; otherwise one
 *     generated approval at the merge time by the login `generated-review` (labelled so);
 *   - `now`: 09:00 Istanbul time on the day after the last merge by a person (the digest counts
 *     people only; the mirror's very last merges are dependency bumps by a bot); the digest is
 *     weekly, so its period is the seven days before (the digest's header says so);
 *   - links: the double serves its own address as each pull request's page; they are rewritten to
 *     github.com's after the sync, as GitHub would have served them.
 *
 *   CORPUS_DIR=/work/.mirror npm run bench -- digest
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { projects, userSettings, users } from '../apps/server/src/db/schema/index.js';
import { DigestService } from '../apps/server/src/modules/digest/index.js';
import { GitHubPullRequests } from '../apps/server/src/modules/forges/index.js';
import {
  GitHubClients,
  HttpCache,
  RateLimitState,
} from '../apps/server/src/modules/github/index.js';
import { syncPullRequests } from '../apps/server/src/modules/pull-requests/index.js';
import { SettingsService } from '../apps/server/src/modules/settings/index.js';
import { insertRepo } from '../apps/server/src/testing/analytics-seed.js';
import {
  startGitHubDouble,
  type DoublePull,
} from '../apps/server/src/testing/github-double/index.js';
import { testEvents } from '../apps/server/src/testing/test-events.js';
import { findMergedPulls, gitOf } from './lib/merged-pulls.js';

const DAY = 86_400_000;
const TOKEN = 'gho_bench';
const TIME_ZONE = 'Europe/Istanbul';
const OPEN_DAYS = 60;
const root = path.resolve(import.meta.dirname, '..');

interface HeadCommit {
  name: string;
  email: string;
  date: string;
  subject: string;
}

function corpusGitDir(): string {
  const corpus = JSON.parse(readFileSync(path.join(root, 'bench/corpus.json'), 'utf8')) as {
    repositories?: Array<{ name: string; path: string }>;
  } & Record<string, unknown>;
  const list = (corpus.repositories ?? Object.values(corpus).find(Array.isArray) ?? []) as Array<{
    name: string;
    path: string;
  }>;
  const entry = list.find((candidate) => candidate.name === 'express');
  if (!entry) throw new Error('bench/corpus.json names no express');
  return path.join(process.env.CORPUS_DIR ?? '/work/.mirror', entry.path);
}

function headCommits(gitDir: string, heads: string[]): Map<string, HeadCommit> {
  const out = new Map<string, HeadCommit>();
  const listing = gitOf(gitDir, [
    'log',
    '--no-walk=unsorted',
    '--format=%H%x1f%an%x1f%ae%x1f%aI%x1f%s%x1e',
    ...heads,
  ]);
  for (const record of listing.split('\x1e')) {
    const [hash, name, email, date, subject] = record.replace(/^\n/, '').split('\x1f');
    if (hash && hash.length === 40)
      out.set(hash, { name: name!, email: email!, date: date!, subject: subject! });
  }
  return out;
}

const loginOf = (commit: { name: string; email: string }) => {
  const noreply = /^(?:\d+\+)?([^@]+)@users\.noreply\.github\.com$/i.exec(commit.email);
  if (noreply) return noreply[1]!;
  return (
    commit.name
      .trim()
      .replace(/[^A-Za-z0-9-]+/g, '-')
      .replace(/^-|-$/g, '') || 'unknown'
  );
};

async function main() {
  const gitDir = corpusGitDir();
  const started = performance.now();
  const { merged, commits } = findMergedPulls(gitDir);
  const heads = new Map<number, string>();
  for (const line of gitOf(gitDir, [
    'for-each-ref',
    '--format=%(objectname) %(refname)',
    'refs/pull/*/head',
  ]).split('\n')) {
    const match = /^([0-9a-f]{40}) refs\/pull\/(\d+)\/head$/.exec(line);
    if (match) heads.set(Number(match[2]), match[1]!);
  }
  const info = headCommits(gitDir, [...new Set(heads.values())]);
  const mergedBy = new Map(merged.map((pull) => [pull.number, pull]));
  const mergeTime = (number: number) => {
    const pull = mergedBy.get(number);
    const landing = pull ? commits.get(pull.landing) : undefined;
    return landing ? landing.time * 1000 : null;
  };
  // The last merge the digest counts: a person's (a `[bot]` login is left out, as the digest does).
  const byPerson = (number: number) => {
    const commit = info.get(heads.get(number) ?? '');
    return commit !== undefined && !loginOf(commit).toLowerCase().endsWith('[bot]');
  };
  const lastMerge = Math.max(
    ...merged.filter((pull) => byPerson(pull.number)).map((pull) => mergeTime(pull.number) ?? 0),
  );
  // 09:00 in Istanbul (UTC+3) on the day after the last merge.
  const dayAfter = new Date(lastMerge + 3 * 3_600_000 + DAY).toISOString().slice(0, 10);
  const now = Date.parse(`${dayAfter}T06:00:00Z`);
  const weekday = new Date(now).getUTCDay() || 7;

  let generated = 0;
  let trailers = 0;
  const pulls: DoublePull[] = [];
  for (const [number, head] of heads) {
    const commit = info.get(head);
    if (!commit) continue;
    const created = Date.parse(commit.date);
    if (created > now) continue;
    const pull = mergedBy.get(number);
    const mergedAt = mergeTime(number);
    const author = loginOf(commit);
    const base: DoublePull = {
      number,
      title: (pull?.landingTitle ?? commit.subject).slice(0, 250) || `#${number}`,
      author,
      head: `pull-${number}`,
      headSha: head,
      createdAt: new Date(created).toISOString(),
    };
    if (pull && mergedAt !== null && mergedAt <= now) {
      const landing = commits.get(pull.landing)!;
      const trailer = /^Reviewed-by:\s*(.+?)\s*(<([^>]+)>)?$/im.exec(landing.body);
      const reviewer = trailer
        ? loginOf({ name: trailer[1]!, email: trailer[3] ?? '' })
        : 'generated-review';
      if (trailer) trailers += 1;
      else generated += 1;
      pulls.push({
        ...base,
        state: 'merged',
        mergedAt: new Date(mergedAt).toISOString(),
        closedAt: new Date(mergedAt).toISOString(),
        updatedAt: new Date(mergedAt).toISOString(),
        reviews:
          reviewer === author
            ? []
            : [
                {
                  author: reviewer,
                  state: 'APPROVED',
                  submittedAt: new Date(mergedAt).toISOString(),
                },
              ],
      });
    } else if (now - created < OPEN_DAYS * DAY) {
      pulls.push({ ...base, state: 'open', updatedAt: base.createdAt });
    } else {
      pulls.push({ ...base, state: 'closed', closedAt: base.createdAt, updatedAt: base.createdAt });
    }
  }
  console.log(
    `express: ${heads.size} pull-request heads, ${merged.length} merged by git, ${pulls.length} served ` +
      `(${pulls.filter((p) => p.state === 'merged').length} merged, ${pulls.filter((p) => p.state === 'open').length} open, ` +
      `${pulls.filter((p) => p.state === 'closed').length} closed); reviews: ${trailers} from Reviewed-by trailers, ` +
      `${generated} generated (login generated-review); read in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `last merge ${new Date(lastMerge).toISOString()}; digest as of ${new Date(now).toISOString()} (09:00 ${TIME_ZONE})`,
  );

  const dataDir = mkdtempSync(path.join(tmpdir(), 'rota-digest-bench-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await runMigrations(database);
  const double = await startGitHubDouble({
    tokens: { [TOKEN]: { login: 'bench', id: 1 } },
    repositories: [{ owner: 'expressjs', name: 'express', activity: { pulls } }],
  });
  try {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ email: 'leader@example.com', name: 'Leader' })
      .returning({ id: users.id });
    const userId = user!.id;
    const [project] = await db
      .insert(projects)
      .values({ ownerId: userId, name: 'Express' })
      .returning({ id: projects.id });
    await insertRepo(db, project!.id, {
      owner: 'expressjs',
      repo: 'express',
      url: 'https://github.com/expressjs/express',
      provider: 'github',
    });
    const clients = new GitHubClients({
      apiUrl: double.apiUrl,
      serverToken: undefined,
      userToken: async () => TOKEN,
      cache: new HttpCache(db),
      rateLimits: new RateLimitState(),
      throttling: false,
    });
    const synced = await syncPullRequests(
      { db, forge: new GitHubPullRequests(clients), events: testEvents(), now: Date.now },
      { owner: 'expressjs', repo: 'express', userId },
    );
    console.log(`synced ${synced.stored} pull requests into the project`);
    await db.execute(
      sql`update pull_requests set url = 'https://github.com/expressjs/express/pull/' || number`,
    );

    const service = new DigestService({
      db,
      settings: new SettingsService({ db }),
      publicUrl: 'http://localhost:3000',
      emailEnabled: false,
      ports: {
        breachesIn: async () => [],
        unsubscribeUrl: () => 'http://localhost:3000/settings',
        enqueueEmail: async () => undefined,
      },
      now: () => now,
    });
    const outDir = path.join(root, 'docs/screenshots');
    mkdirSync(outDir, { recursive: true });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      for (const language of ['tr', 'en'] as const) {
        await db
          .insert(userSettings)
          .values({
            userId,
            notifications: { digest: 'weekly', digestHour: 9, digestWeekday: weekday },
            preferences: { timezone: TIME_ZONE, language },
          })
          .onConflictDoUpdate({
            target: userSettings.userId,
            set: { preferences: { timezone: TIME_ZONE, language } },
          });
        const { data } = await service.buildDigest(userId, now);
        const preview = await service.preview(userId, now);
        if (language === 'en') {
          console.log(`\nperiod ${data.from} – ${data.to}; sends at ${preview.sendsAt}`);
          for (const part of data.projects) {
            console.log(`project ${part.name}:`, JSON.stringify(part.merged));
            for (const pull of part.waiting)
              console.log(
                `  waiting #${pull.number} ${pull.ageHours.toFixed(1)} h since ${pull.waitingSince} (${pull.author})`,
              );
          }
          console.log(`\n${preview.text}`);
        }
        const page = await browser.newPage({ viewport: { width: 600, height: 400 } });
        await page.setContent(preview.html);
        const file = path.join(outDir, `digest-express-${language}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await page.close();
        console.log(`wrote ${path.relative(root, file)}`);
      }
    } finally {
      await browser.close();
    }
  } finally {
    await double.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
