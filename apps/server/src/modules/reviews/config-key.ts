import { createHash } from 'node:crypto';
import type { ReviewRuleOptions } from './rules/index.js';

/**
 * Bump when the rules would answer differently for the same pull request (a rule added, a pattern
 * changed): reviews stored under the old version stop counting as "already done", so the next
 * trigger reviews again.
 */
export const RULES_ENGINE_VERSION = 1;

/**
 * What decides a review's result, hashed: the engine, its version and its options. Later the LLM
 * model and the project's review prompt join it. Same key and same head commit → same review.
 */
export function reviewConfigKey(options: ReviewRuleOptions = {}): string {
  const decisive = {
    engine: 'rules',
    version: RULES_ENGINE_VERSION,
    // Sorted keys: the same options in another order are the same configuration.
    options: Object.fromEntries(Object.entries(options).sort(([a], [b]) => a.localeCompare(b))),
  };
  return createHash('sha256').update(JSON.stringify(decisive)).digest('hex').slice(0, 32);
}
