import { CompositionAnalysisSchema, type CompositionAnalysis } from '@rota/contracts';
import type { FileStat } from '../../snapshot/file-stat.js';
import { openSnapshot } from '../../snapshot/snapshot.js';
import { createRepo, type RepoBuilder } from '../../testing/repo-builder.js';
import { analyzeComposition } from '../analyze-composition.js';

/** A committed test repository holding `files`. */
export function repoWith(files: Record<string, string | Buffer>): RepoBuilder {
  const repo = createRepo();
  for (const [path, content] of Object.entries(files)) repo.write(path, content);
  repo.commit('fixture');
  return repo;
}

/** Runs the analysis on the repository's HEAD and checks the result against its contract schema. */
export async function analyzeRepo(
  repo: RepoBuilder,
  fileStats?: FileStat[],
): Promise<CompositionAnalysis> {
  const snapshot = await openSnapshot(repo.dir, 'HEAD');
  try {
    return CompositionAnalysisSchema.parse(await analyzeComposition(snapshot, fileStats));
  } finally {
    await snapshot.close();
  }
}

export function manifestAt(result: CompositionAnalysis, path: string) {
  const manifest = result.manifests.find((item) => item.path === path);
  if (!manifest)
    throw new Error(`no manifest at ${path}: ${result.manifests.map((m) => m.path).join(', ')}`);
  return manifest;
}

export function frameworkNames(result: CompositionAnalysis): string[] {
  return result.frameworks.map((framework) => framework.name);
}

export function framework(result: CompositionAnalysis, name: string) {
  return result.frameworks.find((item) => item.name === name);
}
