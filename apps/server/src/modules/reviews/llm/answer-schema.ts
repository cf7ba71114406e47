import { z } from 'zod';
import { ReviewCategorySchema, ReviewSeveritySchema } from '@rota/contracts';

/**
 * The answer the model must give, twice: as JSON Schema for the server's structured output
 * (`response_format: json_schema`, strict) and as its zod mirror, which checks what actually came
 * back. Strict mode needs every property required and no others, so "no line" is `null`, not absent.
 * A server that ignores the schema still has its answer checked here: a mismatch is a failed model,
 * never a guess.
 */

export const ANSWER_SCHEMA_NAME = 'rota_pull_request_review';

const severities = ReviewSeveritySchema.options;
const categories = ReviewCategorySchema.options;

export const ANSWER_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['summary', 'findings'],
  properties: {
    summary: {
      type: 'string',
      description: 'Two or three sentences on what the pull request does and how risky it is.',
    },
    findings: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'file',
          'line_start',
          'line_end',
          'severity',
          'confidence',
          'category',
          'title',
          'rationale',
        ],
        properties: {
          file: {
            type: ['string', 'null'],
            description: 'Path exactly as in the diff; null for the pull request as a whole.',
          },
          line_start: {
            type: ['integer', 'null'],
            description: 'First line in the new file (right side); null for the whole file.',
          },
          line_end: { type: ['integer', 'null'], description: 'Last line in the new file.' },
          severity: { type: 'string', enum: severities },
          confidence: { type: 'number', minimum: 0, maximum: 1 },
          category: { type: 'string', enum: categories },
          title: { type: 'string', description: 'One short line.' },
          rationale: { type: 'string', description: 'What is wrong and what to do about it.' },
        },
      },
    },
  },
} as const;

const LineSchema = z.number().int().min(1).nullable();

export const LlmFindingSchema = z.object({
  file: z.string().min(1).nullable(),
  line_start: LineSchema,
  line_end: LineSchema,
  severity: ReviewSeveritySchema,
  confidence: z.number().min(0).max(1),
  category: ReviewCategorySchema,
  title: z.string().trim().min(1),
  rationale: z.string().trim().min(1),
});
export type LlmFinding = z.infer<typeof LlmFindingSchema>;

export const LlmAnswerSchema = z.object({
  summary: z.string(),
  findings: z.array(LlmFindingSchema),
});
export type LlmAnswer = z.infer<typeof LlmAnswerSchema>;
