import type { ImportCommit } from '../../branches/testing/fast-import.js';

/**
 * A deterministic year of development for the history benchmark: a few dozen people (some under
 * two e-mails that the .mailmap merges), bots, feature commits that edit a few lines of one or two
 * files, GitHub merge commits and squash commits that name pull requests, renames and binaries.
 */
export interface SyntheticHistory {
  commits: ImportCommit[];
  tip: number;
  now: Date;
}

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BOTS = [
  { name: 'dependabot[bot]', email: '49699333+dependabot[bot]@users.noreply.github.com' },
  { name: 'renovate[bot]', email: '29139614+renovate[bot]@users.noreply.github.com' },
  { name: 'github-actions', email: 'action@github.com' },
];

export function syntheticHistory(options: { commits: number; days: number; seed?: number }) {
  const rand = random(options.seed ?? 7);
  const pick = (n: number) => Math.floor(rand() * n);
  const people = Array.from({ length: 40 }, (_, i) => ({
    name: `Developer ${i}`,
    email: i % 5 === 0 && rand() < 0.5 ? `dev${i}@old-company.example` : `dev${i}@example.com`,
  }));
  const mailmap = people
    .map((_, i) => `Developer ${i} <dev${i}@example.com> <dev${i}@old-company.example>\n`)
    .join('');
  const files = Array.from({ length: 300 }, (_, i) => ({
    path: `src/module-${i % 20}/file-${i}.ts`,
    lines: Array.from(
      { length: 40 + pick(60) },
      (_, l) => `export const value${l} = ${pick(1e6)};`,
    ),
  }));
  const commits: ImportCommit[] = [];
  const start = Date.UTC(2025, 0, 1) / 1000;
  const step = (options.days * 86_400) / options.commits;
  let tip = -1;
  let side = -1;
  const edit = () => {
    const file = files[pick(files.length)]!;
    for (let change = 1 + pick(6); change > 0; change -= 1) {
      const at = pick(file.lines.length);
      if (rand() < 0.3) file.lines.splice(at, 0, `// note ${pick(1e9)}`);
      else file.lines[at] = `export const changed${pick(1e9)} = ${pick(1e6)};`;
    }
    return { path: file.path, content: `${file.lines.join('\n')}\n` };
  };
  for (let i = 0; commits.length < options.commits; i += 1) {
    const time = Math.floor(start + commits.length * step);
    const roll = rand();
    if (tip === -1) {
      commits.push({
        parents: [],
        time,
        message: 'Initial commit',
        files: [
          { path: '.mailmap', content: mailmap },
          ...files.map((file) => ({ path: file.path, content: `${file.lines.join('\n')}\n` })),
        ],
      });
      tip = commits.length - 1;
      continue;
    }
    if (roll < 0.05) {
      commits.push({
        parents: [tip],
        time,
        author: BOTS[pick(BOTS.length)],
        message: `Bump dependency-${pick(50)} from 1.${pick(9)}.0 to 1.${pick(9)}.1`,
        files: [edit()],
      });
    } else if (roll < 0.15 && side !== -1) {
      commits.push({
        parents: [tip, side],
        time,
        author: people[pick(people.length)],
        message: `Merge pull request #${i} from org/feature-${i}\n\nFeature ${i}`,
      });
      side = -1;
    } else if (roll < 0.35) {
      const author = people[pick(people.length)];
      commits.push({ parents: [side === -1 ? tip : side], time, author, files: [edit(), edit()] });
      side = commits.length - 1;
      continue;
    } else if (roll < 0.37) {
      commits.push({
        parents: [tip],
        time,
        author: people[pick(people.length)],
        message: `Add image ${i}`,
        files: [
          {
            path: `assets/image-${i}.png`,
            content: Buffer.from([137, 80, 78, 71, 0, pick(255), 0, 1]),
          },
        ],
      });
    } else {
      commits.push({
        parents: [tip],
        time,
        author: people[pick(people.length)],
        message: `Improve module ${pick(20)} (#${i})`,
        files: [edit(), ...(rand() < 0.5 ? [edit()] : [])],
      });
    }
    tip = commits.length - 1;
  }
  const last = commits[commits.length - 1]!.time;
  return { commits, tip, now: new Date((last + 3600) * 1000) } satisfies SyntheticHistory;
}
