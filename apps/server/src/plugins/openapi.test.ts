import { describe, expect, it } from 'vitest';
import { ErrorResponseSchema } from '@rota/contracts';
import { bearer, registerUser } from '../testing/auth-helpers.js';
import { describeOperation, fillPath, listOperations } from '../testing/openapi/operations.js';
import { useTestApp } from '../testing/test-app.js';
import { MAX_PARAM_LENGTH } from './openapi.js';

// The served OpenAPI document says what the server does: each claim here is checked against a
// real answer where one can be had.
const ctx = useTestApp({ startQueue: false });

interface Document {
  paths: Record<string, Record<string, Operation>>;
}
interface Operation {
  parameters?: Array<{ name: string; in: string; schema: { maxLength?: number } }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  format?: string;
  description?: string;
}

async function openApi(): Promise<Document> {
  const response = await ctx.app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  return response.json() as Document;
}

const bodyOf = (operation: Operation | undefined) =>
  operation?.requestBody?.content['application/json']?.schema;

describe('the OpenAPI document', () => {
  it('documents 401 on every protected operation and 414 on every one with path parameters, as answered', async () => {
    const operations = listOperations(ctx.app);
    const missing: string[] = [];
    for (const operation of operations) {
      const name = describeOperation(operation);
      if (operation.tokenRequired && !operation.statuses.includes(401))
        missing.push(`${name}: 401`);
      if (operation.pathParams.length === 0) continue;
      if (!operation.statuses.includes(414)) missing.push(`${name}: 414`);
      for (const parameter of operation.pathParams) {
        if ((parameter.schema.maxLength ?? Infinity) > MAX_PARAM_LENGTH)
          missing.push(`${name}: ${parameter.name} without maxLength ≤ ${MAX_PARAM_LENGTH}`);
        // One character over the limit, the others fine: the router answers before any route.
        const values = Object.fromEntries(
          operation.pathParams.map((p) => [p.name, p === parameter ? 'x'.repeat(101) : 'x']),
        );
        const answer = await ctx.app.inject({
          method: operation.method,
          url: fillPath(operation.path, values),
        });
        if (answer.statusCode !== 414)
          missing.push(`${name}: ${parameter.name} long → ${answer.statusCode}`);
        else expect(ErrorResponseSchema.parse(answer.json()).error.code).toBe('URI_TOO_LONG');
      }
    }
    expect(missing).toEqual([]);
  });

  it("documents the job event stream's answers: the stream, 401 and 404", async () => {
    const events = (await openApi()).paths['/api/jobs/{jobId}/events']?.get;
    expect(Object.keys(events?.responses ?? {}).sort()).toEqual(['200', '401', '404', '414']);
    expect(Object.keys(events?.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    expect((await ctx.app.inject({ url: '/api/jobs/some-job/events' })).statusCode).toBe(401);
    const { token } = await registerUser(ctx.app);
    const unknown = await ctx.app.inject({
      url: '/api/jobs/some-job/events',
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(404);
    expect(ErrorResponseSchema.parse(unknown.json()).error.code).toBe('NOT_FOUND');
  });

  it('names the formats the server checks: e-mail addresses and repository addresses', async () => {
    const { paths } = await openApi();
    for (const path of ['/api/auth/login', '/api/auth/register'])
      expect(bodyOf(paths[path]?.post)?.properties?.email?.format).toBe('email');
    const repositoryUrls = [
      bodyOf(paths['/api/projects']?.post)?.properties?.repos?.items?.properties?.url,
      bodyOf(paths['/api/projects/{id}']?.put)?.properties?.repos?.items?.properties?.url,
      bodyOf(paths['/api/projects/{id}/repos']?.post)?.properties?.url,
      bodyOf(paths['/analyze/api/repo-analyze/analyze']?.post)?.properties?.repoUrl,
    ];
    for (const url of repositoryUrls) expect(url?.description).toMatch(/^A repository address/);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Ayşe', email: 'not-an-address', password: 'Sup3rSecret' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('marks required what the server requires, and a body it does without as optional', async () => {
    const { paths } = await openApi();
    expect(bodyOf(paths['/api/auth/register']?.post)?.required?.sort()).toEqual([
      'email',
      'name',
      'password',
    ]);
    expect(bodyOf(paths['/api/auth/login']?.post)?.required?.sort()).toEqual(['email', 'password']);
    expect(paths['/api/auth/login']?.post?.requestBody?.required).toBe(true);
    for (const [path, method] of [
      ['/api/auth/logout', 'post'],
      ['/api/projects/{id}/repos', 'delete'],
      ['/api/projects/{id}/members', 'delete'],
    ] as const)
      expect(paths[path]?.[method]?.requestBody?.required, `${method} ${path}`).toBe(false);
    // Without a body at all, as the document allows.
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(logout.statusCode).toBe(200);
  });
});
