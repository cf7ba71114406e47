import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorCodes,
  ErrorResponseSchema,
  JobSummarySchema,
  successEnvelope,
} from '@rota/contracts';
import { AppError } from '../../lib/errors.js';
import { requireUserId } from '../../plugins/authenticate.js';
import type { JobsService } from './service.js';

const Params = z.object({ jobId: z.string().max(100) });

export async function jobRoutes(app: FastifyInstance, { jobs }: { jobs: JobsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['jobs'], security: [{ bearerAuth: [] }], params: Params };
  const errors = { 401: ErrorResponseSchema, 404: ErrorResponseSchema };

  api.get(
    '/api/jobs/:jobId',
    {
      schema: { ...schema, response: { 200: successEnvelope(JobSummarySchema), ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await jobs.get(requireUserId(request), request.params.jobId),
    }),
  );

  api.post(
    '/api/jobs/:jobId/cancel',
    {
      schema: { ...schema, response: { 200: successEnvelope(JobSummarySchema), ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await jobs.cancel(requireUserId(request), request.params.jobId),
    }),
  );

  // Every :jobId is one of the caller's job handles (JobsService): a shared job's own id is 404 too.

  // Server-Sent Events: one `job` event per change, then the stream ends when the job finishes.
  api.get(
    '/api/jobs/:jobId/events',
    {
      schema: {
        ...schema,
        produces: ['text/event-stream'],
        response: {
          200: {
            description:
              'Server-Sent Events: `job` (the job summary) on each change, then `end`, or `error`',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const ownerId = requireUserId(request);
      await jobs.get(ownerId, request.params.jobId); // 404 before the stream starts
      const controller = new AbortController();
      request.raw.on('close', () => controller.abort());
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      try {
        for await (const job of jobs.watch(ownerId, request.params.jobId, controller.signal)) {
          reply.raw.write(`event: job\ndata: ${JSON.stringify(job)}\n\n`);
        }
        reply.raw.write('event: end\ndata: {}\n\n');
      } catch (error) {
        // A handle that went away is an expected end; any other failure (the database) is logged,
        // since the client only hears "Job not found".
        if (!(error instanceof AppError && error.code === ErrorCodes.notFound))
          request.log.warn({ err: error }, 'job stream failed');
        reply.raw.write(`event: error\ndata: ${JSON.stringify({ message: 'Job not found' })}\n\n`);
      } finally {
        reply.raw.end();
      }
    },
  );
}
