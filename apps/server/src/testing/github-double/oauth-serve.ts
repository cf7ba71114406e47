/**
 * The GitHub test double as a process, for the end-to-end suite: on loopback
 * (e2e/playwright.config.ts starts it beside Rota and points GITHUB_API_URL / GITHUB_WEB_URL at it). Tests steer who is signed in on
 * this "github.com", and whether they approve, through POST /__double/oauth; which repositories
 * exist, through POST /__double/repositories; and it delivers pull request events to the hooks Rota
 * installed through POST /__double/deliveries. Its REST routes (repositories, commits,
 * contributors, pull requests, hooks) and GraphQL accept the tokens its sign-in hands out.
 */
import Fastify from 'fastify';
import { graphqlRoutes } from './graphql-routes.js';
import { hookDeliveryRoutes } from './hook-deliveries.js';
import { githubOAuthDouble, OAuthDoubleControl, type DoubleGitHubUser } from './oauth-routes.js';
import { DoubleLimits } from './rest-limits.js';
import { restHookRoutes } from './rest-hooks.js';
import { restRepoRoutes, type DoubleRepository } from './rest-repos.js';
import { parseJsonLikeGitHub, type DoubleContext } from './rest-route.js';

const port = Number(process.env.E2E_GITHUB_PORT ?? 3108);
const clientId = process.env.GITHUB_CLIENT_ID ?? 'Iv1.rota-e2e';
const clientSecret = process.env.GITHUB_CLIENT_SECRET ?? 'rota-e2e-secret';

const control = new OAuthDoubleControl({
  id: 9_000_001,
  login: 'rota-e2e',
  name: 'Rota E2E',
  emails: [{ email: 'rota-e2e@example.com', primary: true, verified: true }],
});

const limits = new DoubleLimits(Date.now, 1);
control.onTokenIssued = (token, user) => limits.addToken(token, { login: user.login, id: user.id });
const repositories: DoubleRepository[] = [];
const context: DoubleContext = {
  limits,
  // Emptied after every answer (below): nothing in the e2e run reads them, and they would grow.
  served: [],
  requests: [],
  apiUrl: () => `http://127.0.0.1:${port}`,
  // Repositories are addressed as on github.com (https, which project forms accept); their API
  // calls still come here, because Rota sends every github.com call to GITHUB_API_URL.
  webUrl: () => 'https://github.com',
};

const app = Fastify({ logger: false });
parseJsonLikeGitHub(app);
await app.register(githubOAuthDouble, { clientId, clientSecret, control });
await app.register(async (rest) => {
  await restRepoRoutes(rest, { context, repositories });
  await restHookRoutes(rest, { context, repositories });
});
await app.register(async (control) => hookDeliveryRoutes(control, { context, repositories }));
// GraphQL too: the pull-request sync reads pull requests (seeded with the repositories) there.
await app.register(graphqlRoutes, { context, repositories, url: '/graphql' });
app.addHook('onResponse', async () => {
  context.served.length = 0;
  context.requests.length = 0;
});
app.post('/__double/repositories', async (request) => {
  const body = request.body as { repositories?: DoubleRepository[] };
  // A repository seeded again replaces the one before, as GitHub's state moves on (a pull request
  // opened later).
  for (const repository of body.repositories ?? []) {
    const key = `${repository.owner}/${repository.name}`.toLowerCase();
    const at = repositories.findIndex((r) => `${r.owner}/${r.name}`.toLowerCase() === key);
    if (at >= 0) repositories[at] = repository;
    else repositories.push(repository);
  }
  return { ok: true, count: repositories.length };
});
app.get('/__double/health', async () => ({ ok: true }));
app.post('/__double/oauth', async (request) => {
  const body = request.body as { signedIn?: DoubleGitHubUser; deny?: boolean };
  if (body.signedIn) control.signedIn = body.signedIn;
  control.deny = body.deny === true;
  return { ok: true };
});
await app.listen({ host: '127.0.0.1', port });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)));
