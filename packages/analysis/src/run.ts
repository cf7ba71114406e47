import type {
  AnalysisKind,
  BranchAnalysis,
  CommunityFilesCheck,
  CompositionAnalysis,
  HistoryAnalysis,
  ReadmeAnalysis,
  StructureAnalysis,
  TechnicalDiagram,
} from '@rota/contracts';
import { collectRepoFacts, type RepoFacts } from './facts/repo-facts.js';
import { openSnapshotOfGitDir, type RepoSnapshot } from './snapshot/snapshot.js';
import type { ClassifiedTree } from './structure/structure-types.js';

// Each analysis's code is imported when a run asks for it, so a process that runs one analysis (the
// CLI with --only, a job) never loads, say, the markdown parser of another.
const loadStructure = () => import('./structure/index.js');

/** What each kind of analysis returns: the structure kind carries the composition with it, the
 * readme kind the community files check, since each pair reads the same tree. */
export interface AnalysisResults {
  structure: { structure: StructureAnalysis; composition: CompositionAnalysis };
  branches: BranchAnalysis;
  /** `content` is the README's text (capped), so a page can render it without another read. */
  readme: { readme: ReadmeAnalysis; communityFiles: CommunityFilesCheck; content: string | null };
  diagram: TechnicalDiagram;
  history: HistoryAnalysis;
}

/** READMEs larger than this are analysed but not carried along for display. */
const README_CONTENT_CAP = 512 * 1024;

export interface RunOptions {
  /** Called as each analysis starts and ends, with the share of the run done (0–100). */
  onProgress?: (stage: string, percent: number) => void | Promise<void>;
  signal?: AbortSignal;
  now?: Date;
  /** Calendar days of the history analysis's window (its own default when left out). */
  historyWindowDays?: number;
}

/**
 * Runs several analyses of one repository at one ref, sharing the work they have in common: the
 * tree is listed once, blobs are read through one cat-file process, the repository facts (license
 * files, CI files, paths: src/facts/) are collected once, and files are classified and
 * line-counted once for structure, composition and the diagram. Each analysis only reads the
 * facts, so no two of them can answer the same question differently.
 */
export async function runAnalyses<K extends AnalysisKind>(
  gitDir: string,
  ref: string,
  kinds: readonly K[],
  options: RunOptions = {},
): Promise<Pick<AnalysisResults, K>> {
  const results: Partial<AnalysisResults> = {};
  const needsTree = kinds.some(
    (kind) => kind === 'structure' || kind === 'readme' || kind === 'diagram',
  );
  let snapshot: RepoSnapshot | undefined;
  let facts: RepoFacts | undefined;
  let classified: ClassifiedTree | undefined;
  const classify = async () =>
    (classified ??= await (await loadStructure()).classifyFiles(snapshot!));
  const step = async (index: number, stage: string) => {
    options.signal?.throwIfAborted();
    await options.onProgress?.(stage, Math.round((index / kinds.length) * 100));
  };
  try {
    if (needsTree) {
      snapshot = await openSnapshotOfGitDir(gitDir, ref);
      facts = await collectRepoFacts(snapshot);
    }
    for (const [index, kind] of kinds.entries()) {
      await step(index, kind);
      switch (kind) {
        case 'structure': {
          const [tree, { summarizeStructure }, { analyzeComposition }] = await Promise.all([
            classify(),
            loadStructure(),
            import('./composition/index.js'),
          ]);
          results.structure = {
            structure: summarizeStructure(tree),
            composition: await analyzeComposition(snapshot!, tree.files, facts),
          };
          break;
        }
        case 'readme': {
          const { analyzeReadme, checkCommunityFiles } = await import('./readme/index.js');
          const readme = await analyzeReadme(snapshot!, { facts: facts! });
          const shown = readme.readme ? (readme.readme.symlinkTarget ?? readme.readme.path) : null;
          const content = shown ? await snapshot!.readText(shown, README_CONTENT_CAP) : null;
          results.readme = {
            readme,
            communityFiles: checkCommunityFiles(snapshot!, facts),
            content,
          };
          break;
        }
        case 'diagram': {
          const { buildDiagram } = await import('./diagram/index.js');
          results.diagram = await buildDiagram(snapshot!, { fileStats: (await classify()).files });
          break;
        }
        case 'branches': {
          const { analyzeBranches } = await import('./branches/index.js');
          results.branches = await analyzeBranches(gitDir, options.now ? { now: options.now } : {});
          break;
        }
        case 'history': {
          const { analyzeHistory } = await import('./history/index.js');
          results.history = await analyzeHistory(gitDir, {
            ref,
            ...(options.now ? { now: options.now } : {}),
            ...(options.historyWindowDays ? { windowDays: options.historyWindowDays } : {}),
          });
          break;
        }
      }
    }
    await options.onProgress?.('done', 100);
    return results as Pick<AnalysisResults, K>;
  } finally {
    await snapshot?.close();
  }
}

/** One analysis: the form the server's jobs use. */
export async function runAnalysis<K extends AnalysisKind>(
  kind: K,
  gitDir: string,
  ref: string,
  options: RunOptions = {},
): Promise<AnalysisResults[K]> {
  return (await runAnalyses(gitDir, ref, [kind], options))[kind];
}
