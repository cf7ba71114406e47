/**
 * Git tags of a real repository as deployments (docs/delivery.md "Git tags"), and what each
 * brought ("What a deployment brought"), with the code the server runs on a mirror: the tags are
 * read, ordered by their date, and each gets the commits no earlier tag held. Prints the tags per
 * year (all of them, and those the default pattern keeps), the commits per deployment and the time
 * each step took. No database: what would be stored is counted.
 *
 *   npm run bench -- tags <repository> [<repository> ...]
 *
 * A repository is a bare one or a work tree's .git (e.g. a mirror under /work/.mirror/<owner>+<name>/repo).
 */
import { DEFAULT_DEPLOYMENT_PATTERNS } from '../packages/contracts/src/delivery.js';
import { commitsOfDeployments, readTags } from '../apps/server/src/modules/deployments/index.js';

const repositories = process.argv.slice(2);
if (repositories.length === 0) {
  console.error('usage: npm run bench -- tags <repository> [<repository> ...]');
  process.exit(2);
}
const pattern = new RegExp(DEFAULT_DEPLOYMENT_PATTERNS.tags, 'i');
const ms = (value: number) => `${value.toFixed(0)} ms`;
const quantile = (values: number[], q: number) =>
  values.length ? [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)]! : 0;

for (const gitDir of repositories) {
  console.log(`\n${gitDir}`);
  let started = performance.now();
  const tags = await readTags(gitDir);
  const readMs = performance.now() - started;
  const ordered = [...tags].sort(
    (a, b) => a.taggedAt.getTime() - b.taggedAt.getTime() || a.name.localeCompare(b.name),
  );
  const byYear = new Map<number, { all: number; matching: number }>();
  for (const tag of ordered) {
    const year = tag.taggedAt.getUTCFullYear();
    const counts = byYear.get(year) ?? { all: 0, matching: 0 };
    counts.all += 1;
    if (pattern.test(tag.name)) counts.matching += 1;
    byYear.set(year, counts);
  }
  console.log(`  tags: ${tags.length} read in ${ms(readMs)}`);
  console.log(`  per year (all / matching ${DEFAULT_DEPLOYMENT_PATTERNS.tags}):`);
  for (const [year, counts] of byYear)
    console.log(`    ${year}  ${counts.all} / ${counts.matching}`);

  for (const [label, list] of [
    ['every tag', ordered],
    ['matching tags', ordered.filter((tag) => pattern.test(tag.name))],
  ] as const) {
    started = performance.now();
    const { rows, missing } = await commitsOfDeployments(
      gitDir,
      list.map((tag) => ({ id: tag.name, sha: tag.sha })),
    );
    const took = performance.now() - started;
    const perDeployment = new Map(list.map((tag) => [tag.name, 0]));
    for (const row of rows)
      perDeployment.set(row.deploymentId, (perDeployment.get(row.deploymentId) ?? 0) + 1);
    const counts = [...perDeployment.values()];
    console.log(
      `  commits brought, ${label} (${list.length}): ${rows.length} in ${ms(took)}` +
        ` (${list.length ? ms(took / list.length) : '-'} per deployment); per deployment` +
        ` median ${quantile(counts, 0.5)}, p90 ${quantile(counts, 0.9)}, max ${Math.max(0, ...counts)},` +
        ` none ${counts.filter((count) => count === 0).length}; missing commits ${missing}`,
    );
    if (label === 'matching tags') {
      const last = list.slice(-5);
      for (const tag of last)
        console.log(
          `    ${tag.name.padEnd(12)} ${tag.taggedAt.toISOString().slice(0, 10)}  ${perDeployment.get(tag.name)} commits`,
        );
    }
  }
}
