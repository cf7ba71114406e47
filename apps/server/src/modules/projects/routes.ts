import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddMemberBody,
  createProjectBodySchema,
  DeletedResponseSchema,
  ErrorResponseSchema,
  ListProjectsQuery,
  MemberParams,
  ProjectIdParams,
  ProjectListResponseSchema,
  ProjectRepoSchema,
  ProjectSchema,
  RemoveMemberBody,
  RemoveRepoBody,
  RemoveRepoQuery,
  repoInputSchema,
  TeamMemberSchema,
  updateProjectBodySchema,
  successEnvelope,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { ProjectsService } from './service.js';
import type { ProjectPartsService } from './parts-service.js';
import type { DecoratedProject, ProjectDecorations } from './decorations.js';

export interface ProjectRoutesOptions {
  projects: ProjectsService;
  parts: ProjectPartsService;
  /** ALLOW_LOCAL_REPOS: the body schemas check repository URLs by the server's own rules. */
  allowLocalRepos: boolean;
  /** What other modules add to the projects answered (the `github` block); none without it. */
  decorations?: ProjectDecorations;
}

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

export async function projectRoutes(
  app: FastifyInstance,
  { projects, parts, allowLocalRepos, decorations }: ProjectRoutesOptions,
) {
  // URLs are checked with the other fields, so one answer names every broken rule (name and rows).
  const urlRules = { allowLocal: allowLocalRepos };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['projects'], security: [{ bearerAuth: [] }] };
  const ok = <T>(data: T) => ({ success: true as const, data });
  const decorated = <T extends DecoratedProject>(ownerId: string, list: T[]) =>
    decorations ? decorations.decorate(ownerId, list) : Promise.resolve(list);

  api.get(
    '/api/projects',
    {
      schema: {
        ...schema,
        querystring: ListProjectsQuery,
        response: { 200: successEnvelope(ProjectListResponseSchema), ...errors },
      },
    },
    async (request) => {
      const ownerId = requireUserId(request);
      const list = await projects.list(ownerId, request.query);
      const wanted = ['true', '1'].includes(request.query.include_github ?? '');
      return ok(wanted ? await decorated(ownerId, list) : list);
    },
  );

  api.post(
    '/api/projects',
    {
      schema: {
        ...schema,
        body: createProjectBodySchema(urlRules),
        response: { 201: successEnvelope(ProjectSchema), ...errors },
      },
    },
    async (request, reply) => {
      const ownerId = requireUserId(request);
      const project = await projects.create(ownerId, request.body);
      return reply.code(201).send(ok((await decorated(ownerId, [project]))[0]!));
    },
  );

  api.get(
    '/api/projects/:id',
    {
      schema: {
        ...schema,
        params: ProjectIdParams,
        response: { 200: successEnvelope(ProjectSchema), ...errors },
      },
    },
    async (request) => {
      const ownerId = requireUserId(request);
      const project = await projects.get(ownerId, request.params.id);
      return ok((await decorated(ownerId, [project]))[0]!);
    },
  );

  api.put(
    '/api/projects/:id',
    {
      schema: {
        ...schema,
        params: ProjectIdParams,
        body: updateProjectBodySchema(urlRules),
        response: { 200: successEnvelope(ProjectSchema), ...errors },
      },
    },
    async (request) => {
      const ownerId = requireUserId(request);
      const project = await projects.update(ownerId, request.params.id, request.body);
      return ok((await decorated(ownerId, [project]))[0]!);
    },
  );

  api.delete(
    '/api/projects/:id',
    {
      schema: {
        ...schema,
        params: ProjectIdParams,
        response: { 200: successEnvelope(DeletedResponseSchema), ...errors },
      },
    },
    async (request) => ok(await projects.remove(requireUserId(request), request.params.id)),
  );

  api.get(
    '/api/projects/:id/repositories',
    {
      schema: {
        ...schema,
        params: ProjectIdParams,
        response: { 200: successEnvelope(z.array(ProjectRepoSchema)), ...errors },
      },
    },
    async (request) => ok(await parts.listRepos(requireUserId(request), request.params.id)),
  );

  api.post(
    '/api/projects/:id/repos',
    {
      schema: {
        ...schema,
        params: ProjectIdParams,
        body: repoInputSchema(urlRules),
        response: { 201: successEnvelope(ProjectRepoSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await parts.addRepo(requireUserId(request), request.params.id, request.body))),
  );

  api.delete(
    '/api/projects/:id/repos',
    {
      schema: {
        ...schema,
        params: ProjectIdParams,
        querystring: RemoveRepoQuery,
        body: RemoveRepoBody,
        response: { 200: successEnvelope(DeletedResponseSchema), ...errors },
      },
    },
    async (request) => {
      const repoId =
        request.body?.repoId ?? request.body?.id ?? request.query.repoId ?? request.query.id;
      return ok(await parts.removeRepo(requireUserId(request), request.params.id, repoId));
    },
  );

  api.get(
    '/api/projects/:id/members',
    {
      schema: {
        ...schema,
        params: ProjectIdParams,
        response: { 200: successEnvelope(z.array(TeamMemberSchema)), ...errors },
      },
    },
    async (request) => ok(await parts.listMembers(requireUserId(request), request.params.id)),
  );

  api.post(
    '/api/projects/:id/members',
    {
      schema: {
        ...schema,
        params: ProjectIdParams,
        body: AddMemberBody,
        response: { 201: successEnvelope(TeamMemberSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await parts.addMember(requireUserId(request), request.params.id, request.body))),
  );

  api.delete(
    '/api/projects/:id/members',
    {
      schema: {
        ...schema,
        params: ProjectIdParams,
        body: RemoveMemberBody,
        response: { 200: successEnvelope(DeletedResponseSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await parts.removeMember(
          requireUserId(request),
          request.params.id,
          request.body?.memberId ?? request.body?.id,
        ),
      ),
  );

  api.delete(
    '/api/projects/:id/members/:memberId',
    {
      schema: {
        ...schema,
        params: MemberParams,
        response: { 200: successEnvelope(DeletedResponseSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await parts.removeMember(
          requireUserId(request),
          request.params.id,
          request.params.memberId,
        ),
      ),
  );
}
