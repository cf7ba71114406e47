import type { FastifyInstance } from 'fastify';
import type { Project } from '@rota/contracts';
import { bearer } from './auth-helpers.js';

/** Creates a project through the API and returns it. */
export async function createProject(
  app: FastifyInstance,
  token: string,
  payload: Record<string, unknown> = {},
): Promise<Project> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(token),
    payload: { name: 'Rota Platform', ...payload },
  });
  if (response.statusCode !== 201)
    throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json().data as Project;
}
