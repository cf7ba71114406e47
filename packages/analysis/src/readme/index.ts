/** README analysis and community files check; rubric in docs/metrics.md ("README score"). */
export { analyzeReadme, type ReadmeOptions } from './analyze-readme.js';
export { checkCommunityFiles } from './community-files.js';
export { findReadme, type FoundReadme, type ReadmeCandidate } from './find-readme.js';
export { RUBRIC, LIMITS as README_LIMITS, ADD_README_KEY } from './rubric.js';
