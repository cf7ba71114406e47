import { describe, expect, it } from 'vitest';
import { RepositoryHostMessages as H } from '@rota/contracts';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp, type TestContext } from '../../testing/test-app.js';

// DNS as the tests need it (no network): names that resolve to the classic SSRF targets.
const table: Record<string, string[]> = {
  'github.com': ['140.82.112.3'],
  'evil.example': ['127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'lan.example': ['140.82.112.3', '192.168.1.10'],
};
const resolver = async (host: string) => {
  const addresses = table[host];
  if (!addresses)
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses;
};

async function post(
  ctx: TestContext,
  token: string,
  url: string,
  payload: unknown,
  method = 'POST',
) {
  return ctx.app.inject({
    method: method as 'POST',
    url,
    headers: bearer(token),
    payload: payload as object,
  });
}

describe('repository hosts are checked when a URL is submitted', () => {
  const ctx = useTestApp({ hostPolicy: { resolver } });

  it('create: refuses each private, loopback or metadata host with its reason, and creates nothing', async () => {
    const { token } = await registerUser(ctx.app);
    const response = await post(ctx, token, '/api/projects', {
      name: 'Hostile',
      repos: [
        { url: 'https://github.com/acme/api' },
        { url: 'https://evil.example/acme/api' },
        { url: 'https://metadata.example/latest/meta-data' },
        { url: 'https://lan.example/acme/api' },
        { url: 'https://127.0.0.1/acme/api' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: H.loopback,
      errors: [
        { path: 'repos.1.url', message: H.loopback },
        { path: 'repos.2.url', message: H.metadata },
        { path: 'repos.3.url', message: H.private },
        { path: 'repos.4.url', message: H.loopback },
      ],
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/projects',
      headers: bearer(token),
    });
    expect(list.json().data).toEqual([]);
  });

  it('update and add repository: the same refusal, and the project keeps its repositories', async () => {
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, {
      repos: [{ url: 'https://github.com/acme/api' }],
    });
    const update = await post(
      ctx,
      token,
      `/api/projects/${project.id}`,
      { repos: [{ url: 'https://github.com/acme/api' }, { url: 'https://evil.example/a/b' }] },
      'PUT',
    );
    expect(update.statusCode).toBe(400);
    expect(update.json().error.errors).toEqual([{ path: 'repos.1.url', message: H.loopback }]);
    const add = await post(ctx, token, `/api/projects/${project.id}/repos`, {
      url: 'https://metadata.example/x/y',
    });
    expect(add.statusCode).toBe(400);
    expect(add.json().error.errors).toEqual([{ path: 'url', message: H.metadata }]);
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}`,
      headers: bearer(token),
    });
    expect(after.json().data.repos.map((repo: { url: string }) => repo.url)).toEqual([
      'https://github.com/acme/api',
    ]);
  });

  it('repo-analyze: refused before any job is queued', async () => {
    const { token } = await registerUser(ctx.app);
    const response = await post(ctx, token, '/analyze/api/repo-analyze/analyze', {
      repoUrl: 'https://evil.example/acme/api',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.errors).toEqual([{ path: 'repoUrl', message: H.loopback }]);
  });

  it('a host that does not resolve now is accepted (DNS may be down); its job fails saying so', async () => {
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, {
      repos: [{ url: 'https://nowhere.example/acme/api' }],
    });
    expect(project.repos).toHaveLength(1);
    const accepted = await post(ctx, token, '/analyze/api/repo-analyze/analyze', {
      repoUrl: 'https://nowhere.example/acme/api',
      kinds: ['structure'],
    });
    expect(accepted.statusCode).toBe(202);
    const [job] = accepted.json().data.jobs;
    // `job.id` is the user's job handle: it is read through the API, like the web does.
    const read = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/jobs/${job.id}`, headers: bearer(token) })
      ).json().data;
    await expect.poll(async () => (await read()).status, { timeout: 30_000 }).toBe('failed');
    expect(await read()).toMatchObject({
      status: 'failed',
      error: { code: 'REPO_HOST_UNRESOLVED' },
    });
  });
});

describe('with ALLOW_PRIVATE_HOSTS', () => {
  const ctx = useTestApp({ hostPolicy: { resolver }, config: { allowPrivateHosts: true } });

  it('accepts private hosts, as the operator asked', async () => {
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, {
      repos: [{ url: 'https://evil.example/acme/api' }, { url: 'https://lan.example/a/b' }],
    });
    expect(project.repos).toHaveLength(2);
  });
});
