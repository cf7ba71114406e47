import type { CompositionAnalysis } from '@rota/contracts';
import { isCiFile } from '../facts/ci-files.js';
import { collectRepoFacts, type RepoFacts } from '../facts/repo-facts.js';
import { isThirdPartyPath } from '../facts/third-party.js';
import type { FileStat } from '../snapshot/file-stat.js';
import type { RepoSnapshot } from '../snapshot/snapshot.js';
import { docsFolders } from './docs-folders.js';
import { entryPoints } from './entry-points.js';
import { summariseFrameworks, type Evidence } from './frameworks.js';
import { licenseReport } from './license/license-report.js';
import { readManifests } from './manifests/read-manifests.js';
import { testsReport } from './test-files.js';
import { workspaceLayouts } from './workspaces.js';

/**
 * What the repository is made of: manifests and the frameworks and tools they name, the license,
 * test files with the test-to-code ratio, docs folders, entry points and the workspace layout.
 *
 * Only reads blobs through the snapshot (nothing from the repository is executed or installed).
 * `fileStats`, the structure analysis's per-file classification and line counts, is optional:
 * without it the test-to-code ratio is reported as not computed, and vendored files are recognised
 * by path alone. CI files count whatever the classification says (Linguist calls `.github/`
 * vendored). `facts` are the snapshot's shared facts (license files); computed here when not given.
 * A malformed manifest becomes that manifest's `parseError`; only a failing git process makes this
 * throw (an AnalysisError from the snapshot).
 */
export async function analyzeComposition(
  snapshot: RepoSnapshot,
  fileStats?: FileStat[],
  facts?: RepoFacts,
): Promise<CompositionAnalysis> {
  const stats = fileStats ? new Map(fileStats.map((stat) => [stat.path, stat])) : undefined;
  const files = snapshot.files.filter(
    (file) =>
      !isThirdPartyPath(file.path) &&
      (stats?.get(file.path)?.category !== 'vendored' || isCiFile(file.path)),
  );
  const paths = files.map((file) => file.path);

  const { manifests, skipped } = await readManifests(snapshot, files);
  // Config files (tsconfig.json, .eslintrc, mkdocs.yml...) are evidence too, by name alone.
  const fileEvidence: Evidence[] = paths.map((path) => ({ key: 'file', name: path, path }));
  const frameworks = summariseFrameworks([
    ...manifests.flatMap((item) => item.evidence),
    ...fileEvidence,
  ]);
  const declarations = manifests.map((item) => ({
    path: item.manifest.path,
    name: item.manifest.name,
    license: item.manifest.license,
    facts: item.facts,
  }));

  return {
    manifests: manifests.map((item) => item.manifest),
    frameworks,
    license: licenseReport(
      (facts ?? (await collectRepoFacts(snapshot))).licenseFiles,
      declarations,
    ),
    tests: testsReport(paths, stats),
    docs: docsFolders(paths),
    entryPoints: entryPoints(paths, declarations),
    workspaces: workspaceLayouts(paths, declarations),
    manifestsSkipped: skipped,
  };
}
