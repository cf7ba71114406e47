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
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
