import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import { ErrorCodes } from '@rota/contracts';
import { AppError } from '../lib/errors.js';

/**
 * Every method a route of the API answers (HEAD comes with GET). A test compares this with the
 * OpenAPI document, so a route with a new method cannot be forgotten here.
 */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * CORS for the web app's origin only. @fastify/cors treats every OPTIONS as a preflight and
 * answers one without Origin or Access-Control-Request-Method with a plain-text 400; this check
 * runs first (hooks run in order) and answers it in the envelope instead.
 */
export async function registerCors(app: FastifyInstance, webOrigin: string): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'OPTIONS') return;
    if (request.headers.origin && request.headers['access-control-request-method']) return;
    throw new AppError(
      ErrorCodes.badRequest,
      'A CORS preflight needs the Origin and Access-Control-Request-Method headers',
    );
  });
  await app.register(cors, {
    origin: [webOrigin],
    credentials: true,
    methods: [...CORS_METHODS],
    exposedHeaders: ['x-request-id', 'retry-after'],
  });
}
