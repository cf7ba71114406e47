import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AgreementComplianceQuerySchema,
  AgreementPreviewSchema,
  AgreementSetSchema,
  ErrorResponseSchema,
  ProjectAgreementComplianceSchema,
  ProjectAgreementsSchema,
  ProjectIdParams,
  successEnvelope,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { AgreementsService } from './service.js';

/** A project's working agreements, their compliance and the preview of an unsaved set. */
export async function agreementRoutes(
  app: FastifyInstance,
  options: { agreements: AgreementsService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };
  const base = { tags: ['projects'], security: [{ bearerAuth: [] }], params: ProjectIdParams };
  const { agreements } = options;

  api.get(
    '/api/projects/:id/agreements',
    { schema: { ...base, response: { 200: successEnvelope(ProjectAgreementsSchema), ...errors } } },
    async (request) => ({
      success: true as const,
      data: await agreements.get(requireUserId(request), request.params.id),
    }),
  );
  api.put(
    '/api/projects/:id/agreements',
    {
      schema: {
        ...base,
        body: AgreementSetSchema,
        response: { 200: successEnvelope(ProjectAgreementsSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await agreements.save(requireUserId(request), request.params.id, request.body),
    }),
  );
  api.get(
    '/api/projects/:id/agreements/compliance',
    {
      schema: {
        ...base,
        querystring: AgreementComplianceQuerySchema,
        response: { 200: successEnvelope(ProjectAgreementComplianceSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await agreements.compliance(requireUserId(request), request.params.id, request.query),
    }),
  );
  api.post(
    '/api/projects/:id/agreements/preview',
    {
      schema: {
        ...base,
        body: AgreementSetSchema,
        response: { 200: successEnvelope(AgreementPreviewSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await agreements.preview(requireUserId(request), request.params.id, request.body),
    }),
  );
}
