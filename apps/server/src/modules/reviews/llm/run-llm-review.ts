import type { ReviewLlm } from '@rota/contracts';
import type { LlmConfig } from '../../../config.js';
import type { ReviewInput } from '../rules/index.js';
import {
  ANSWER_JSON_SCHEMA,
  ANSWER_SCHEMA_NAME,
  LlmAnswerSchema,
  type LlmAnswer,
} from './answer-schema.js';
import { completeStructured, LlmFailure } from './client.js';
import { mapLlmFindings, type LlmReviewFinding } from './map-findings.js';
import { buildReviewMessages } from './prompt.js';
import { storableText, TEXT_LIMIT } from './storable.js';

export interface LlmReviewResult {
  findings: LlmReviewFinding[];
  /** What the review stores about the model's part (ReviewDetail `llm`). */
  llm: ReviewLlm;
  /** English: why the model's part leaves the review incomplete, or null when it does not. */
  incompleteReason: string | null;
}

/**
 * The LLM reviewer's part of one review: the diff within the budget, one structured completion, its
 * answer checked against the schema and placed on the diff. A model that gives no usable answer
 * (timeout after retries, refusal, malformed JSON, schema mismatch) contributes no findings and
 * makes the review incomplete: a guess at what it meant would be worse than saying it failed.
 */
export async function runLlmReview(options: {
  config: LlmConfig;
  input: ReviewInput;
  projectPrompt: string | null;
}): Promise<LlmReviewResult> {
  const { config } = options;
  const built = buildReviewMessages({
    pullRequest: options.input.pullRequest,
    files: options.input.files,
    projectPrompt: options.projectPrompt,
    maxInputTokens: config.maxInputTokens,
  });
  const llm: ReviewLlm = {
    model: config.model,
    prompt: options.projectPrompt,
    summary: null,
    files_not_sent: built.filesNotSent,
    findings_dropped: 0,
    error: null,
  };
  const budgetGap = notSentReason(built.filesNotSent);
  let answer: LlmAnswer;
  try {
    const { content, attempts } = await completeStructured(config, {
      messages: built.messages,
      schema: { name: ANSWER_SCHEMA_NAME, schema: ANSWER_JSON_SCHEMA },
    });
    answer = parseAnswer(content, attempts);
  } catch (caught) {
    if (!(caught instanceof LlmFailure)) throw caught;
    llm.error = storableText(caught.message, TEXT_LIMIT);
    const failed = `the LLM reviewer failed: ${llm.error}`;
    return { findings: [], llm, incompleteReason: budgetGap ? `${failed}; ${budgetGap}` : failed };
  }
  const { findings, dropped } = mapLlmFindings(answer.findings, built.sent);
  llm.summary = storableText(answer.summary, TEXT_LIMIT) || null;
  llm.findings_dropped = dropped;
  return { findings, llm, incompleteReason: budgetGap };
}

/** The model's text as the answer schema, or the reason it is not one. */
export function parseAnswer(content: string, attempts = 1): LlmAnswer {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw new LlmFailure("The model's answer is not valid JSON", attempts);
  }
  const parsed = LlmAnswerSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new LlmFailure(
      `The model's answer does not match the review schema (${where}${issue.message})`,
      attempts,
    );
  }
  return parsed.data;
}

function notSentReason(names: string[]): string | null {
  if (names.length === 0) return null;
  const shown = names.slice(0, 3).join(', ');
  const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
  return `${names.length} file(s) did not fit the LLM's input budget and were not sent to it (${shown}${more})`;
}
