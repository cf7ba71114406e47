import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCodes } from '@rota/contracts';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { startGitHubDouble, type GitHubDouble } from '../../testing/github-double/index.js';
import { useTestApp } from '../../testing/test-app.js';

// The test configuration's PUBLIC_URL is http://localhost:3000, as on a laptop install.
let double: GitHubDouble;
beforeAll(async () => {
  double = await startGitHubDouble({
    tokens: { gho_ayse: { login: 'ayse', id: 7 } },
    repositories: [{ owner: 'ayse', name: 'api' }],
  });
});
afterAll(async () => double?.close());
const context = useTestApp({
  config: {
    get github() {
      return { apiUrl: double.apiUrl, webUrl: double.webUrl, oauth: null, token: undefined };
    },
  },
  hostPolicy: { resolver: async () => ['140.82.112.3'] },
  deps: () => ({ githubUserToken: async () => 'gho_ayse' }),
  startQueue: false,
});

it('refuses to install when GitHub cannot reach PUBLIC_URL, before calling GitHub', async () => {
  const { token } = await registerUser(context.app);
  const headers = bearer(token);
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers,
    payload: { name: 'Local', repos: [{ name: 'api', url: 'https://github.com/ayse/api' }] },
  });
  const before = double.requests.length;
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/projects/${created.json().data.id}/webhook`,
    headers,
  });
  expect(response.statusCode).toBe(409);
  expect(response.json().error).toMatchObject({
    code: ErrorCodes.webhookUrlUnreachable,
    message:
      'GitHub cannot reach http://localhost:3000/webhook/github; the scheduled sync keeps data fresh instead.',
  });
  expect(double.requests.length).toBe(before);
  expect(double.repositories[0]!.hooks ?? []).toEqual([]);
});
