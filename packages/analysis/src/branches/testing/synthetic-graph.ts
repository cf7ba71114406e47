import type { ImportCommit } from './fast-import.js';

/**
 * A deterministic, realistic-looking branch graph for the 5,000-branch benchmark and the scale
 * test: a main line with feature branches forked at recent and old points, about half of them
 * merged back (some by octopus merges), stacked branches, a long-lived `develop` that criss-cross
 * merges with main, and an orphan `gh-pages` with unrelated history.
 */
export interface SyntheticGraph {
  commits: ImportCommit[];
  branches: Array<{ name: string; commit: number }>;
  /** One second after the newest commit: a fixed "now" for staleness. */
  now: Date;
}

/** mulberry32: tiny seeded PRNG so every run builds the same repository. */
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

export function syntheticGraph(options: {
  commits: number;
  branches: number;
  seed?: number;
  /** Most commits of a feature branch's own (default 8; each gets 1..max). */
  maxOwnCommits?: number;
}): SyntheticGraph {
  const maxOwn = options.maxOwnCommits ?? 8;
  const rand = random(options.seed ?? 42);
  const pick = (n: number) => Math.floor(rand() * n);
  const commits: ImportCommit[] = [];
  let time = Date.UTC(2023, 0, 1) / 1000;
  const add = (parents: number[]): number => {
    time += 60 + pick(3600);
    commits.push({ parents, time });
    return commits.length - 1;
  };
  const branches: Array<{ name: string; commit: number }> = [];
  const mainLine: number[] = [add([])];
  const mainTip = () => mainLine[mainLine.length - 1]!;
  let develop = add([mainTip()]);
  const featureTips: number[] = [];
  // Own commits and merges take ~(maxOwn + 1) / 2 + 0.5 per branch; the main line the rest.
  const mainStepsPerBranch = Math.max(
    0.5,
    (options.commits - options.branches * ((maxOwn + 1) / 2 + 0.4)) / options.branches,
  );
  let mainSteps = 0;
  let pendingOctopus: number[] = [];

  for (let i = 0; i < options.branches - 3; i += 1) {
    const roll = rand();
    let base: number;
    if (roll < 0.1 && featureTips.length) base = featureTips[pick(featureTips.length)]!;
    else if (roll < 0.2) base = develop;
    else if (roll < 0.3) base = mainLine[pick(mainLine.length)]!;
    else base = mainLine[Math.max(0, mainLine.length - 1 - pick(20))]!;
    let tip = base;
    const own = roll > 0.95 ? 0 : 1 + pick(maxOwn);
    for (let c = 0; c < own; c += 1) tip = add([tip]);
    featureTips.push(tip);
    const name =
      i % 997 === 1
        ? `özellik/ünïcode-${i}`
        : i % 991 === 2
          ? `-rf-${i}`
          : `${['feature', 'fix', 'chore', 'user/dev'][i % 4]}/${i}`;
    branches.push({ name, commit: tip });

    const fate = rand();
    if (fate < 0.4 && base !== develop) mainLine.push(add([mainTip(), tip]));
    else if (fate < 0.45) pendingOctopus.push(tip);
    else if (fate < 0.5) develop = add([develop, tip]);
    if (pendingOctopus.length === 3) {
      mainLine.push(add([mainTip(), ...pendingOctopus]));
      pendingOctopus = [];
    }
    for (mainSteps += mainStepsPerBranch; mainSteps >= 1; mainSteps -= 1)
      mainLine.push(add([mainTip()]));
    if (i % 50 === 0) develop = add([develop, mainTip()]);
    if (i % 400 === 0) mainLine.push(add([mainTip(), develop]));
    if (i % 10 === 0) develop = add([develop]);
  }
  let pages = add([]);
  for (let c = 0; c < 200; c += 1) pages = add([pages]);
  branches.push({ name: 'develop', commit: develop }, { name: 'gh-pages', commit: pages });
  branches.push({ name: 'main', commit: mainTip() });
  return { commits, branches, now: new Date((time + 1) * 1000) };
}
