/** The built-in review rules: the engine, its input and the rule list (for docs and the UI). */
export { runRules, skipReason, type RulesResult } from './run-rules.js';
export { REVIEW_RULES } from './registry.js';
export type {
  DiffEntry,
  ReviewInput,
  ReviewRuleOptions,
  ReviewRule,
  RuleFinding,
} from './types.js';
