import { createRequire } from 'node:module';

/**
 * GitHub's published REST description (`@octokit/openapi`): the double answers with its examples,
 * and the shape test validates every answer against its schemas. Loaded once per process.
 */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { examples: Record<string, { value: unknown }>; schemas: Record<string, unknown> };
}

export interface OpenApiOperation {
  operationId: string;
  responses: Record<
    string,
    { content?: Record<string, { schema?: unknown; examples?: Record<string, unknown> }> }
  >;
}

const require = createRequire(import.meta.url);
let plain: OpenApiDocument | undefined;
let dereferenced: OpenApiDocument | undefined;

export function openApi(): OpenApiDocument {
  plain ??= require('@octokit/openapi/generated/api.github.com.json') as OpenApiDocument;
  return plain;
}

/** The description with every $ref resolved (schemas ready for a JSON-schema validator). */
export function openApiDereferenced(): OpenApiDocument {
  dereferenced ??=
    require('@octokit/openapi/generated/api.github.com.deref.json') as OpenApiDocument;
  return dereferenced;
}

/** A deep copy of a named example, so a test changing an answer never changes the next one. */
export function example<T = Record<string, unknown>>(name: string): T {
  const found = openApi().components.examples[name];
  if (!found) throw new Error(`GitHub's OpenAPI description has no example "${name}"`);
  return structuredClone(found.value) as T;
}
