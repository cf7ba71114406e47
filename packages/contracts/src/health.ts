import { z } from 'zod';
import { GitHubRateBucketSchema } from './github.js';
import { JOB_FAILURE_CODES } from './job-errors.js';

/** `GET /api/health?detail=true`: the detail, for administrators only (401, 403 otherwise). */
export const HealthQuery = z.object({ detail: z.enum(['true', 'false', '1', '0']).optional() });
export type HealthQuery = z.infer<typeof HealthQuery>;

export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime: z.number().describe('seconds since the process started'),
  database: z.object({
    reachable: z.boolean(),
    driver: z.enum(['pglite', 'postgres']),
    latencyMs: z.number().nullable(),
  }),
  jobs: z.object({
    waitingForRepository: z
      .number()
      .int()
      .nullable()
      .describe(
        'queued jobs that gave their worker back because another worker is fetching the same repository; null when the database does not answer',
      ),
  }),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** How long an answer took, or why there is none. */
const probe = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, latencyMs: z.number().nullable(), error: z.string().nullable() });

export const HealthDetailSchema = z.object({
  redis: z.discriminatedUnion('configured', [
    z.object({ configured: z.literal(false) }),
    probe({ configured: z.literal(true), reachable: z.boolean() }).describe('a PING'),
  ]),
  git: z.object({
    version: z.string().nullable().describe('`git --version`; null when git does not run'),
  }),
  queue: z.object({
    queued: z.number().int(),
    running: z.number().int(),
    failedLast24h: z.number().int(),
    recentFailures: z
      .array(
        z.object({
          kind: z.string(),
          code: z.enum(JOB_FAILURE_CODES).nullable(),
          finishedAt: z.iso.datetime().nullable(),
        }),
      )
      .describe('the latest failed jobs of the last 24 hours, newest first (at most 5)'),
  }),
  github: z.discriminatedUnion('configured', [
    z.object({ configured: z.literal(false) }).describe('no GITHUB_TOKEN'),
    z.object({
      configured: z.literal(true),
      core: GitHubRateBucketSchema.nullable(),
      graphql: GitHubRateBucketSchema.nullable(),
      checkedAt: z.iso.datetime().describe('when GitHub was asked (answers are kept a minute)'),
      error: z.string().nullable().describe('the error code when GitHub could not be asked'),
    }),
  ]),
  disk: z.object({
    path: z.string().describe('DATA_DIR'),
    freeBytes: z.number().nullable().describe('available to the server (statfs bavail)'),
    totalBytes: z.number().nullable(),
    error: z.string().nullable(),
  }),
});
export type HealthDetail = z.infer<typeof HealthDetailSchema>;

/** The answer of `GET /api/health`; `detail` only with `?detail=true`. */
export const HealthAnswerSchema = HealthResponseSchema.extend({
  detail: HealthDetailSchema.optional(),
});
export type HealthAnswer = z.infer<typeof HealthAnswerSchema>;
