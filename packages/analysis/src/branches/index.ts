export { analyzeBranches, type BranchAnalysisOptions } from './analyze-branches.js';
