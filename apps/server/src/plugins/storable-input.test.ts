import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ValidationMessages } from '@rota/contracts';
import { useTestApp } from '../testing/test-app.js';
import { bearer, registerUser, uniqueEmail, VALID_PASSWORD } from '../testing/auth-helpers.js';
import { createProject } from '../testing/project-helpers.js';

const webDist = mkdtempSync(path.join(tmpdir(), 'rota-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const ctx = useTestApp({ config: { webDistDir: webDist } });

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'ab\uD800';
const REPO = 'https://github.com/acme/api';

interface Case {
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `:project` and `:member` are replaced by a real project and member of the caller. */
  url: string;
  body?: (bad: string) => unknown;
  /** The field the answer must name. */
  field: string;
  auth?: boolean;
}

const bodyCases: Case[] = [
  ...(['name', 'email', 'password'] as const).map((field): Case => ({
    label: `register ${field}`,
    method: 'POST',
    url: '/api/auth/register',
    body: (bad) => ({
      name: 'Ayşe',
      email: uniqueEmail(),
      password: VALID_PASSWORD,
      [field]: field === 'email' ? `x${bad}@example.com` : `Aa1${bad}xxxxx`,
    }),
    field,
    auth: false,
  })),
  {
    label: 'login password',
    method: 'POST',
    url: '/api/auth/login',
    body: (bad) => ({ email: 'a@example.com', password: `secret${bad}` }),
    field: 'password',
    auth: false,
  },
  {
    label: 'refresh token',
    method: 'POST',
    url: '/api/auth/refresh',
    body: (bad) => ({ refreshToken: bad }),
    field: 'refreshToken',
    auth: false,
  },
  {
    label: 'logout token',
    method: 'POST',
    url: '/api/auth/logout',
    body: (bad) => ({ refreshToken: bad }),
    field: 'refreshToken',
    auth: false,
  },
  ...(['name', 'description', 'review_prompt'] as const).map((field): Case => ({
    label: `create project ${field}`,
    method: 'POST',
    url: '/api/projects',
    body: (bad) => ({ name: 'Rota', [field]: `text ${bad}` }),
    field,
  })),
  ...(['url', 'branch', 'name'] as const).map((field): Case => ({
    label: `create project repos.0.${field}`,
    method: 'POST',
    url: '/api/projects',
    body: (bad) => ({ name: 'Rota', repos: [{ url: REPO, [field]: `main${bad}` }] }),
    field: `repos.0.${field}`,
  })),
  {
    label: 'an object key',
    method: 'POST',
    url: '/api/projects',
    body: (bad) => ({ name: 'Rota', [bad]: 'x' }),
    field: '(key)',
  },
  ...(['name', 'description', 'review_prompt'] as const).map((field): Case => ({
    label: `update project ${field}`,
    method: 'PUT',
    url: '/api/projects/:project',
    body: (bad) => ({ [field]: `text ${bad}` }),
    field,
  })),
  {
    label: 'update project repos.0.url',
    method: 'PUT',
    url: '/api/projects/:project',
    body: (bad) => ({ repos: [{ url: `${REPO}${bad}` }] }),
    field: 'repos.0.url',
  },
  ...(['url', 'branch', 'name'] as const).map((field): Case => ({
    label: `add repository ${field}`,
    method: 'POST',
    url: '/api/projects/:project/repos',
    body: (bad) => ({ url: REPO, [field]: `main${bad}` }),
    field,
  })),
  {
    label: 'remove repository repoId',
    method: 'DELETE',
    url: '/api/projects/:project/repos',
    body: (bad) => ({ repoId: bad }),
    field: 'repoId',
  },
  ...(['name', 'avatar', 'role', 'github_login'] as const).map((field): Case => ({
    label: `add member ${field}`,
    method: 'POST',
    url: '/api/projects/:project/members',
    body: (bad) => ({ name: 'Deniz', [field]: `x${bad}` }),
    field,
  })),
  {
    label: 'remove member memberId',
    method: 'DELETE',
    url: '/api/projects/:project/members',
    body: (bad) => ({ memberId: bad }),
    field: 'memberId',
  },
  ...(['repoUrl', 'projectId'] as const).map((field): Case => ({
    label: `repo-analyze ${field}`,
    method: 'POST',
    url: '/analyze/api/repo-analyze/analyze',
    body: (bad) => ({ repoUrl: REPO, [field]: `x${bad}` }),
    field,
  })),
];

/** Query strings and paths: NUL goes in percent-encoded (`%00`), as a client would send it. */
const urlCases: Array<Omit<Case, 'body'>> = [
  { label: '?search=', method: 'GET', url: '/api/projects?search=', field: 'search' },
  { label: '?status=', method: 'GET', url: '/api/projects?status=', field: 'status' },
  {
    label: 'DELETE repos ?repoId=',
    method: 'DELETE',
    url: '/api/projects/:project/repos?repoId=',
    field: 'repoId',
  },
  {
    label: 'analysis ?refresh=',
    method: 'GET',
    url: '/api/projects/:project/structure-analysis?refresh=',
    field: 'refresh',
  },
  { label: 'project id', method: 'GET', url: '/api/projects/', field: 'id' },
  { label: 'project id (PUT)', method: 'PUT', url: '/api/projects/', field: 'id' },
  {
    label: 'member id',
    method: 'DELETE',
    url: '/api/projects/:project/members/',
    field: 'memberId',
  },
  { label: 'job id', method: 'GET', url: '/api/jobs/', field: 'jobId' },
  { label: 'the SPA path', method: 'GET', url: '/', field: 'path', auth: false },
];

async function setup() {
  const owner = await registerUser(ctx.app);
  const project = await createProject(ctx.app, owner.token, { repos: [{ url: REPO }] });
  const member = await ctx.app.inject({
    method: 'POST',
    url: `/api/projects/${project.id}/members`,
    headers: bearer(owner.token),
    payload: { name: 'Deniz' },
  });
  return { owner, project, memberId: member.json().data.id as string };
}

/** Every row of every table, so "changes nothing" is checked whole. */
async function snapshot(): Promise<string> {
  const tables = ['users', 'refresh_tokens', 'projects', 'project_repos', 'project_members'];
  const rows = await Promise.all(
    tables.map((table) => ctx.database.db.execute(sql.raw(`select * from ${table} order by 1`))),
  );
  return JSON.stringify(rows.map((result) => (result as unknown as { rows: unknown[] }).rows));
}

function expectRefusal(response: { statusCode: number; body: string }, field: string) {
  expect(response.statusCode).toBe(400);
  const { error } = JSON.parse(response.body) as {
    error: { code: string; message: string; errors: unknown[] };
  };
  expect(error.code).toBe('VALIDATION_ERROR');
  expect(error.message).toContain(`"${field}"`);
  expect(error.errors).toContainEqual({
    path: field,
    message: ValidationMessages.unstorableText,
  });
}

describe.each([
  ['NUL', NUL],
  ['a lone surrogate', LONE_SURROGATE],
])('text with %s', (_name, bad) => {
  it.each(bodyCases)('refuses it in the body: $label', async (testCase) => {
    const { owner, project, memberId } = await setup();
    const before = await snapshot();
    const response = await ctx.app.inject({
      method: testCase.method,
      url: testCase.url.replace(':project', project.id).replace(':member', memberId),
      headers: testCase.auth === false ? {} : bearer(owner.token),
      payload: testCase.body!(bad) as Record<string, unknown>,
    });
    expectRefusal(response, testCase.field);
    expect(await snapshot()).toBe(before);
  });
});

// In a URL a lone surrogate cannot even be written: percent-encoding spells UTF-8 bytes and
// `%ED%A0%80` is not UTF-8 (see the last test), so only NUL has URL cases.
it.each(urlCases)('refuses NUL in the URL: $label', async (testCase) => {
  const { owner, project, memberId } = await setup();
  const before = await snapshot();
  const response = await ctx.app.inject({
    method: testCase.method,
    url: testCase.url.replace(':project', project.id).replace(':member', memberId) + 'a%00b',
    headers: testCase.auth === false ? {} : bearer(owner.token),
    ...(testCase.method === 'PUT' ? { payload: { name: 'Rota' } } : {}),
  });
  expectRefusal(response, testCase.field);
  expect(await snapshot()).toBe(before);
});

describe('texts that are fine', () => {
  it('keeps emoji, Turkish letters and control characters other than NUL', async () => {
    const { token } = await registerUser(ctx.app, { name: 'Çağrı 🚀' });
    const project = await createProject(ctx.app, token, {
      name: 'Şirket 🚀',
      description: 'line one\nline two\ttabbed',
    });
    expect(project.name).toBe('Şirket 🚀');
    expect(project.description).toBe('line one\nline two\ttabbed');
    const search = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects?search=${encodeURIComponent('🚀')}`,
      headers: bearer(token),
    });
    expect(search.json().data).toHaveLength(1);
  });

  it('never hands a NUL or undecodable path to the file system', async () => {
    for (const url of ['/%00', '/assets/%00.js', '/projects/%00']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    const undecodable = await ctx.app.inject({ method: 'GET', url: '/%E0%A4%A' });
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.json().error.code).toBe('BAD_REQUEST');
  });

  it('answers a percent-encoded lone surrogate (not UTF-8) as a bad URL in a path, as text in a query', async () => {
    const { token } = await registerUser(ctx.app);
    const inPath = await ctx.app.inject({
      method: 'GET',
      url: '/api/projects/ab%ED%A0%80',
      headers: bearer(token),
    });
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json().error.code).toBe('BAD_REQUEST');
    // The query parser keeps undecodable text as it came: storable, and simply matches nothing.
    const inQuery = await ctx.app.inject({
      method: 'GET',
      url: '/api/projects?search=ab%ED%A0%80',
      headers: bearer(token),
    });
    expect(inQuery.statusCode).toBe(200);
    expect(inQuery.json().data).toEqual([]);
  });
});
