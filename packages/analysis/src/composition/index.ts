/** The composition analysis: what a repository is made of. */
export { analyzeComposition } from './analyze-composition.js';
export { identifyLicense, declaredIds, type LicenseMatch } from './license/identify.js';
export { testConvention } from '../facts/test-files.js';
export { FRAMEWORK_RULES, type FrameworkRule, type MatcherKey } from './knowledge.js';
