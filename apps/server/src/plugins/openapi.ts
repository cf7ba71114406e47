import type { FastifyInstance, FastifySchema } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@rota/contracts';
import { requiresBearer } from './authenticate.js';

/**
 * Fastify's limit on one path parameter (`routerOptions.maxParamLength`, set in app.ts): a longer
 * one is answered 414 before any route runs (framework-errors.ts).
 */
export const MAX_PARAM_LENGTH = 100;

type JsonObject = Record<string, unknown>;

/**
 * What the server answers for every route of a kind, whether or not the route lists it: 401 on a
 * protected route (authentication runs before anything else, plugins/authenticate.ts) and 414 on
 * a route with path parameters. A route that documents no answers keeps swagger's default.
 */
function withCommonAnswers(schema: FastifySchema | undefined, url: string) {
  const response = schema?.response as JsonObject | undefined;
  if (!schema || !response) return schema;
  return {
    ...schema,
    response: {
      ...response,
      ...(requiresBearer(schema) && !response[401] ? { 401: ErrorResponseSchema } : {}),
      ...(url.includes('/:') && !response[414] ? { 414: ErrorResponseSchema } : {}),
    },
  };
}

/** Path parameters say the length the router allows. */
function withParamLimits(params: JsonObject | undefined): void {
  const properties = params?.properties as Record<string, JsonObject> | undefined;
  for (const property of Object.values(properties ?? {})) {
    const declared = typeof property.maxLength === 'number' ? property.maxLength : Infinity;
    property.maxLength = Math.min(declared, MAX_PARAM_LENGTH);
  }
}

interface OpenApiOperation {
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonObject }> };
}

/**
 * A nullable body may be left out: the JSON parser reads an empty body as none (app.ts), so the
 * body is not required although swagger marks every body so.
 */
function markOptionalBodies(document: { paths?: Record<string, Record<string, unknown>> }) {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item) as OpenApiOperation[]) {
      const body = operation?.requestBody;
      if (body?.content?.['application/json']?.schema?.nullable === true) body.required = false;
    }
  }
}

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Rota API',
        description: 'Strategic Management Platform for Software Leaders',
        version,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // A project's incident token (docs/delivery.md "Posting incidents"), not a user's sign-in.
          incidentToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform({
        ...document,
        schema: withCommonAnswers(document.schema, document.url) as typeof document.schema,
      });
      withParamLimits((transformed.schema as { params?: JsonObject } | undefined)?.params);
      return transformed;
    },
    transformObject: (documents) => {
      const document =
        'openapiObject' in documents ? documents.openapiObject : documents.swaggerObject;
      markOptionalBodies(document as Parameters<typeof markOptionalBodies>[0]);
      return document;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
