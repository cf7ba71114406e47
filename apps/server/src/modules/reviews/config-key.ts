import { createHash } from 'node:crypto';
import type { ReviewRuleOptions } from './rules/index.js';

/**
 * Bump when the rules would answer differently for the same pull request (a rule added, a pattern
 * changed): reviews stored under the old version stop counting as "already done", so the next
 * trigger reviews again.
 */
export const RULES_ENGINE_VERSION = 1;

/**
 * Bump when the LLM reviewer would answer differently for the same model and prompt (Rota's fixed
 * instructions, the answer schema, how the diff is rendered or budgeted, how findings are placed).
 */
export const LLM_REVIEWER_VERSION = 1;

/** The LLM reviewer's part of a configuration: which model, following which project prompt. */
export interface LlmConfigKeyPart {
  model: string;
  /** The project's review prompt from Rota's database; null when it has none. */
  prompt: string | null;
}

/**
 * What decides a review's result, hashed: the engine, its version and its options, and with the
 * LLM reviewer its model, its version and the project's review prompt (hashed). Same key and same
 * head commit → same review; a changed prompt or model reviews again.
 */
export function reviewConfigKey(
  options: ReviewRuleOptions = {},
  llm: LlmConfigKeyPart | null = null,
): string {
  const decisive = {
    engine: llm ? 'rules+llm' : 'rules',
    version: RULES_ENGINE_VERSION,
    // Sorted keys: the same options in another order are the same configuration.
    options: Object.fromEntries(Object.entries(options).sort(([a], [b]) => a.localeCompare(b))),
    ...(llm
      ? {
          llm: {
            model: llm.model,
            version: LLM_REVIEWER_VERSION,
            prompt: llm.prompt === null ? null : sha256(llm.prompt),
          },
        }
      : {}),
  };
  return sha256(JSON.stringify(decisive)).slice(0, 32);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
