/**
 * Rota's repository analysis engine: (git directory, ref, options) -> typed results whose schemas
 * live in @rota/contracts. It reads git objects directly (no checkout) and never executes anything
 * from a repository.
 */
export const ANALYZER_VERSION = '0.1.0';
export { AnalysisError, isAnalysisError } from './errors.js';
export {
  openRepository,
  resolveCommit,
  headBranch,
  type ResolvedRepository,
} from './git/repository.js';
export { gitEnvironment, GIT_HARDENING_ARGS } from './git/run-git.js';
