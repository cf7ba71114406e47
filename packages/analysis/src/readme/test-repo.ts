import type { ReadmeAnalysis, ReadmeCheck, ReadmeCheckId } from '@rota/contracts';
import { createRepo } from '../testing/repo-builder.js';
import { openSnapshot, type RepoSnapshot } from '../snapshot/snapshot.js';
import { analyzeReadme, type ReadmeOptions } from './analyze-readme.js';

/**
 * A real repository with the given files committed, opened as a snapshot for the duration of `use`.
 * The README tests run on git objects exactly as the engine reads them in production.
 */
export async function withRepo<T>(
  files: Record<string, string | Buffer>,
  use: (snapshot: RepoSnapshot) => Promise<T> | T,
  setup?: (repo: ReturnType<typeof createRepo>) => void,
): Promise<T> {
  const repo = createRepo();
  try {
    for (const [path, content] of Object.entries(files)) repo.write(path, content);
    repo.git('add', '-A');
    // `setup` stages what it makes itself, so hand-made index entries (submodules) survive.
    setup?.(repo);
    repo.commit('fixture', { stageAll: false });
    const snapshot = await openSnapshot(repo.dir, 'main');
    try {
      return await use(snapshot);
    } finally {
      await snapshot.close();
    }
  } finally {
    repo.remove();
  }
}

/** Analyses `readme` (as README.md unless another path is given) in a repository with `files`. */
export async function analyzeIn(
  readme: string,
  files: Record<string, string | Buffer> = {},
  readmePath = 'README.md',
  options: ReadmeOptions = {},
): Promise<ReadmeAnalysis> {
  return withRepo({ [readmePath]: readme, ...files }, (snapshot) =>
    analyzeReadme(snapshot, options),
  );
}

export function checkOf(result: ReadmeAnalysis, id: ReadmeCheckId): ReadmeCheck {
  const check = result.checks.find((candidate) => candidate.id === id);
  if (!check) throw new Error(`no check ${id}`);
  return check;
}
