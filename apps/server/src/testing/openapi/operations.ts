import type { FastifyInstance } from 'fastify';

/** The subset of JSON Schema the routes' zod schemas produce (through fastify-type-provider-zod). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  default?: unknown;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

/** One method on one path of the OpenAPI document, as the suites need it. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** OpenAPI template, e.g. `/api/projects/{id}/members/{memberId}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | undefined;
  bodyRequired: boolean;
  secured: boolean;
  /** Every alternative of its security needs a token (none is `{}`, which takes anonymous requests). */
  tokenRequired: boolean;
  /**
   * A user's token is what it needs (`bearerAuth` in every alternative); false for a route that
   * takes a project's own token instead (the incidents endpoint's `incidentToken`).
   */
  userToken: boolean;
  /** The statuses the document declares (a 5xx listed here is the route's own answer, e.g. health's 503). */
  statuses: number[];
  /** Its success answer is documented as JSON (a Server-Sent Events route's is not). */
  answersJson: boolean;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** Every operation the app documents; a route added tomorrow is in this list without new test code. */
export function listOperations(app: FastifyInstance): Operation[] {
  const document = app.swagger() as unknown as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const json = operation.requestBody?.content['application/json'];
      if (operation.requestBody && !json)
        throw new Error(
          `${method.toUpperCase()} ${path}: a body that is not JSON; teach the fuzz suite its type`,
        );
      const success = Object.entries(operation.responses ?? {}).find(([status]) =>
        status.startsWith('2'),
      )?.[1];
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        // A name listed twice (query and body share a schema) is one query parameter.
        queryParams: parameters
          .filter((p) => p.in === 'query')
          .filter((p, i, all) => all.findIndex((q) => q.name === p.name) === i),
        body: json?.schema,
        bodyRequired: Boolean(json && !json.schema.nullable),
        secured: Boolean(operation.security?.length),
        tokenRequired: Boolean(
          operation.security?.length &&
          operation.security.every((requirement) => Object.keys(Object(requirement)).length > 0),
        ),
        userToken: Boolean(
          operation.security?.length &&
          operation.security.every((requirement) => 'bearerAuth' in Object(requirement)),
        ),
        statuses: Object.keys(operation.responses ?? {}).map(Number),
        answersJson: Boolean(success?.content?.['application/json']),
      });
    }
  }
  return operations;
}

export function describeOperation(operation: Operation): string {
  return `${operation.method} ${operation.path}`;
}

/** Fills an OpenAPI path template; each value is percent-encoded unless it is given raw. */
export function fillPath(
  template: string,
  values: Record<string, string | { raw: string }>,
): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${template}`);
    return typeof value === 'string' ? encodeUrlPart(value) : value.raw;
  });
}

/** Percent-encodes text for a URL; a lone surrogate (no UTF-8 form) becomes U+FFFD as a browser would. */
export function encodeUrlPart(text: string): string {
  return encodeURIComponent(
    text.replace(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '\uFFFD',
    ),
  );
}
