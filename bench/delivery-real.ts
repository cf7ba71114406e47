/**
 * Delivery figures from a real repository's git tags (docs/delivery.md "Git tags", docs/metrics.md
 * "Delivery (DORA)"): the repository is a project's repository on a plain git host (no pull
 * requests), its mirror's tags are stored as deployments and what each brought is recorded by the
 * code the server runs after a fetch, then `DeliveryService` answers for whole calendar years and
 * for the two years ending at the newest tag, in UTC. Prints, per period: the tags the default
 * pattern keeps (semantic versions), deployment days, frequency per week, lead time per commit
 * (median, p75, count) and the bands.
 *
 *   npm run bench -- delivery-real <repository> [<repository> ...]
 *
 * A repository is a bare one (e.g. /work/.mirror/expressjs+express/repo).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Delivery } from '../packages/contracts/src/delivery.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { projects, users } from '../apps/server/src/db/schema/index.js';
import { DeliveryService } from '../apps/server/src/modules/delivery/index.js';
import { MirrorDeployments } from '../apps/server/src/modules/deployments/index.js';
import { defaultForges } from '../apps/server/src/modules/forges/index.js';
import { insertRepo } from '../apps/server/src/testing/analytics-seed.js';
import { testEvents } from '../apps/server/src/testing/test-events.js';

const repositories = process.argv.slice(2);
if (repositories.length === 0) {
  console.error('usage: npm run bench -- delivery-real <repository> [<repository> ...]');
  process.exit(2);
}
const hours = (value: number | null) =>
  value === null ? '—' : value < 48 ? `${value.toFixed(1)} h` : `${(value / 24).toFixed(1)} d`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'rota-delivery-bench-'));
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
try {
  await runMigrations(database);
  const { db } = database;
  const events = testEvents();
  const [user] = await db
    .insert(users)
    .values({ email: 'leader@example.com', name: 'Leader' })
    .returning({ id: users.id });
  for (const gitDir of repositories) {
    const name = path.basename(path.dirname(gitDir)) || gitDir;
    const url = `https://git.example.org/${name}.git`;
    const [project] = await db
      .insert(projects)
      .values({ ownerId: user!.id, name })
      .returning({ id: projects.id });
    await insertRepo(db, project!.id, { owner: 'corpus', repo: name, url, provider: 'git' });
    const mirrors = new MirrorDeployments({ db, events, mirrorPathOf: () => gitDir });
    let started = performance.now();
    await mirrors.storeTags(url);
    const stored = performance.now() - started;
    started = performance.now();
    const recorded = await mirrors.recordCommits({ repoKey: url, scope: '', source: 'tags' });
    const commitsMs = performance.now() - started;
    console.log(
      `\n${name}: tags stored in ${stored.toFixed(0)} ms; ${recorded?.commits ?? 0} commits of ` +
        `${recorded?.deployments ?? 0} tags recorded in ${commitsMs.toFixed(0)} ms (${recorded?.missing ?? 0} missing)`,
    );
    const service = new DeliveryService({
      db,
      forges: defaultForges({ apiUrl: 'https://api.github.com', webUrl: 'https://github.com' }),
      timeZoneOf: async () => 'UTC',
    });
    const newest = (
      await service.forProject(user!.id, project!.id, {
        days: 30,
        authors: 'humans',
      })
    ).sources[0]?.last_deployed_at;
    const periods: Array<{ label: string; from: string; to: string }> = [];
    for (let year = 2020; year <= 2026; year += 1)
      periods.push({ label: String(year), from: `${year}-01-01`, to: `${year}-12-31` });
    if (newest) {
      const to = newest.slice(0, 10);
      const from = `${Number(to.slice(0, 4)) - 2}${to.slice(4)}`;
      periods.push({ label: `2 years to ${to}`, from, to });
    }
    console.log(
      '| period | deployments | days | per week | band | lead time median | p75 | changes | band | read |',
    );
    console.log('|---|---:|---:|---:|---|---:|---:|---:|---|---:|');
    for (const period of periods) {
      started = performance.now();
      const data: Delivery = await service.forProject(user!.id, project!.id, {
        days: 30,
        from: period.from,
        to: period.to,
        authors: 'humans',
      });
      const readMs = performance.now() - started;
      const frequency = data.deployment_frequency;
      const lead = data.lead_time;
      console.log(
        `| ${period.label} | ${frequency.deployments} | ${frequency.deployment_days} | ` +
          `${frequency.per_week?.toFixed(2) ?? '—'} | ${frequency.band.band ?? '—'} | ` +
          `${hours(lead.median)} | ${hours(lead.p75)} | ${lead.count} | ${lead.band.band ?? lead.gap} | ` +
          `${readMs.toFixed(0)} ms |`,
      );
    }
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
