import { z } from 'zod';

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
