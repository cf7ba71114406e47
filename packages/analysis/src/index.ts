/**
 * Rota's repository analysis engine: (git directory, ref, options) -> typed results whose schemas
 * live in @rota/contracts. It reads git objects directly (no checkout) and never executes anything
 * from a repository.
 */
export { ANALYZER_VERSION } from './version.js';
export { AnalysisError, isAnalysisError } from './errors.js';
export {
  openRepository,
  resolveCommit,
  headBranch,
  type ResolvedRepository,
} from './git/repository.js';
export { gitEnvironment, GIT_HARDENING_ARGS } from './git/run-git.js';
export {
  openSnapshot,
  openSnapshotOfGitDir,
  type RepoSnapshot,
  type SnapshotFile,
} from './snapshot/snapshot.js';
export type { FileStat, FileCategory } from './snapshot/file-stat.js';
export { runAnalyses, runAnalysis, type AnalysisResults, type RunOptions } from './run.js';
export { analysisRevision } from './revision.js';
export { analyzeStructure, classifyFiles, summarizeStructure } from './structure/index.js';
export { analyzeComposition } from './composition/index.js';
export { analyzeBranches, type BranchAnalysisOptions } from './branches/index.js';
export {
  agentCoauthorsOf,
  agentOfCoauthor,
  analyzeHistory,
  coAuthorsOf,
  isAgentLogin,
  isBot,
  KNOWN_AGENT_COAUTHORS,
  KNOWN_AGENT_LOGINS,
  KNOWN_BOT_LOGINS,
  type CoAuthor,
  type HistoryAnalysisOptions,
} from './history/index.js';
export { analyzeReadme, checkCommunityFiles } from './readme/index.js';
export { buildDiagram } from './diagram/index.js';
// One definition of a test file, shared with the server's pull-request review rules.
export { isTestFile } from './facts/test-files.js';
// What a changed file is by its name and first lines, shared with the review rules too: the
// structure analysis's generated, lock file and binary rules, and the kinds of third-party path
// the composition and the diagram skip.
export { hasGeneratedHeader, isGeneratedPath, isLockFile } from './structure/generated.js';
export { hasBinaryExtension } from './structure/binary.js';
export { thirdPartyKind, type ThirdPartyKind } from './facts/third-party.js';
