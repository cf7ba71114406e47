import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeletedResponseSchema,
  ErrorResponseSchema,
  IdentitiesInputSchema,
  MemberParams,
  MyFiguresSchema,
  PersonFiguresQuerySchema,
  PersonFiguresSchema,
  ProjectIdentitiesSchema,
  ProjectIdParams,
  successEnvelope,
  TeamInputSchema,
  TeamParams,
  TeamSchema,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { TeamsService } from './service.js';

/** A project's teams, its members' commit identities, and a person's own figures (docs/teams.md). */
export async function teamRoutes(app: FastifyInstance, options: { teams: TeamsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
  };
  const schema = { tags: ['teams'], security: [{ bearerAuth: [] }] };
  const ok = <T>(data: T) => ({ success: true as const, data });
  const { teams } = options;

  api.get(
    '/api/projects/:id/teams',
    {
      schema: {
        ...schema,
        params: ProjectIdParams,
        response: { 200: successEnvelope(z.array(TeamSchema)), ...errors },
      },
    },
    async (request) => ok(await teams.list(requireUserId(request), request.params.id)),
  );

  api.post(
    '/api/projects/:id/teams',
    {
      schema: {
        ...schema,
        params: ProjectIdParams,
        body: TeamInputSchema,
        response: { 201: successEnvelope(TeamSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await teams.create(requireUserId(request), request.params.id, request.body))),
  );

  api.patch(
    '/api/projects/:id/teams/:teamId',
    {
      schema: {
        ...schema,
        params: TeamParams,
        body: TeamInputSchema,
        response: { 200: successEnvelope(TeamSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await teams.update(
          requireUserId(request),
          request.params.id,
          request.params.teamId,
          request.body,
        ),
      ),
  );

  api.delete(
    '/api/projects/:id/teams/:teamId',
    {
      schema: {
        ...schema,
        params: TeamParams,
        response: { 200: successEnvelope(DeletedResponseSchema), ...errors },
      },
    },
    async (request) =>
      ok(await teams.remove(requireUserId(request), request.params.id, request.params.teamId)),
  );

  api.get(
    '/api/projects/:id/identities',
    {
      schema: {
        ...schema,
        params: ProjectIdParams,
        response: { 200: successEnvelope(ProjectIdentitiesSchema), ...errors },
      },
    },
    async (request) => ok(await teams.identities(requireUserId(request), request.params.id)),
  );

  api.put(
    '/api/projects/:id/members/:memberId/identities',
    {
      schema: {
        ...schema,
        params: MemberParams,
        body: IdentitiesInputSchema,
        response: { 200: successEnvelope(ProjectIdentitiesSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await teams.replaceIdentities(
          requireUserId(request),
          request.params.id,
          request.params.memberId,
          request.body.identities,
        ),
      ),
  );

  api.get(
    '/api/projects/:id/people/:memberId/figures',
    {
      schema: {
        ...schema,
        params: MemberParams,
        querystring: PersonFiguresQuerySchema,
        response: { 200: successEnvelope(PersonFiguresSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await teams.personFigures(
          requireUserId(request),
          request.params.id,
          request.params.memberId,
          request.query,
        ),
      ),
  );

  api.get(
    '/api/me/figures',
    {
      schema: {
        ...schema,
        querystring: PersonFiguresQuerySchema,
        response: { 200: successEnvelope(MyFiguresSchema), ...errors },
      },
    },
    async (request) => ok(await teams.myFigures(requireUserId(request), request.query)),
  );
}
