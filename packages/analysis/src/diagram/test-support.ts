import type { TechnicalDiagram } from '@rota/contracts';
import { openSnapshot, type RepoSnapshot } from '../snapshot/snapshot.js';
import { createRepo } from '../testing/repo-builder.js';
import { buildDiagram, type BuildDiagramOptions } from './build-diagram.js';
import { selectComponentFiles } from './file-facts.js';
import { scanSources } from './scan-sources.js';
import { createRepoIndex } from './scan/repo-index.js';
import { detectWorkspaces } from './workspaces.js';

/** Test helpers: a real git repository with these files, committed, opened as a snapshot. */
export async function withRepo<T>(
  files: Record<string, string>,
  run: (snapshot: RepoSnapshot) => Promise<T>,
): Promise<T> {
  const repo = createRepo();
  try {
    for (const [path, content] of Object.entries(files)) repo.write(path, content);
    repo.commit('fixture');
    const snapshot = await openSnapshot(repo.dir, 'main');
    try {
      return await run(snapshot);
    } finally {
      await snapshot.close();
    }
  } finally {
    repo.remove();
  }
}

/** File-level edges (`a -> b`) and external tags of a repository, straight from the scanners. */
export async function importGraph(
  files: Record<string, string>,
): Promise<{ edges: string[]; externals: string[] }> {
  return withRepo(files, async (snapshot) => {
    const index = createRepoIndex(snapshot);
    const workspaces = await detectWorkspaces(index);
    const paths = selectComponentFiles(index, undefined).map((f) => f.path);
    const scan = await scanSources({ index, workspaces }, paths, {
      maxBytesPerFile: 1 << 20,
      maxFilesScanned: 10_000,
      estimateLines: false,
    });
    const edges: string[] = [];
    const externals = new Set<string>();
    for (const [path, imports] of scan.imports) {
      for (const target of imports.targets)
        edges.push(
          `${path} -> ${target}${imports.typeOnly.includes(target) ? ' (type-only)' : ''}`,
        );
      for (const tag of imports.externals) externals.add(tag);
    }
    return { edges: edges.sort(), externals: [...externals].sort() };
  });
}

export function diagramFor(
  files: Record<string, string>,
  options?: BuildDiagramOptions,
): Promise<TechnicalDiagram> {
  return withRepo(files, (snapshot) => buildDiagram(snapshot, options));
}

/** Component edges as `from -> to (weight)` by component path (`(root)` for the root). */
export function componentEdges(diagram: TechnicalDiagram): string[] {
  const name = new Map(
    diagram.nodes.map((n) => [
      n.id,
      n.kind === 'component' ? n.path || `(${n.componentKind})` : n.system,
    ]),
  );
  return diagram.edges.map((e) => `${name.get(e.from)} -> ${name.get(e.to)} (${e.weight})`);
}
