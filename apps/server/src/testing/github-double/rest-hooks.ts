import type { FastifyInstance } from 'fastify';
import { example } from './rest-examples.js';
import { findRepository, type DoubleHook, type DoubleRepository } from './rest-repos.js';
import { basicError, restRoute, type DoubleContext } from './rest-route.js';

type Json = Record<string, unknown>;

let nextHookId = 50_000;

/**
 * Repository webhooks: `POST /repos/{owner}/{repo}/hooks` and `DELETE …/hooks/{hook_id}`. Like
 * GitHub, only the owner or an admin may touch them; anyone else gets 404 (GitHub hides that the
 * repository exists rather than answer 403), and a hook without `config.url` is 422.
 */
export async function restHookRoutes(
  app: FastifyInstance,
  options: { context: DoubleContext; repositories: DoubleRepository[] },
) {
  const { context, repositories } = options;
  const administered = (params: Record<string, string>, login: string | undefined) => {
    const repo = findRepository(repositories, params.owner, params.repo);
    const isAdmin =
      repo && login !== undefined && (repo.owner === login || !!repo.admins?.includes(login));
    return isAdmin ? repo : undefined;
  };

  restRoute(app, context, {
    method: 'POST',
    path: '/repos/{owner}/{repo}/hooks',
    handle: ({ params, user, body }) => {
      const repo = administered(params, user?.login);
      if (!repo) return basicError(404, 'Not Found');
      const input = (body ?? {}) as { events?: unknown; config?: Json; active?: unknown };
      const url = input.config?.url;
      if (typeof url !== 'string' || url === '') {
        return {
          status: 422,
          body: {
            message: 'Validation Failed',
            errors: [{ resource: 'Hook', code: 'custom', message: 'Config must contain URL.' }],
            documentation_url:
              'https://docs.github.com/rest/repos/webhooks#create-a-repository-webhook',
          },
        };
      }
      const hook: DoubleHook = {
        id: (nextHookId += 1),
        events: Array.isArray(input.events) ? input.events.map(String) : ['push'],
        config: {
          url,
          content_type: String(input.config?.content_type ?? 'form'),
          insecure_ssl: String(input.config?.insecure_ssl ?? '0'),
          ...(typeof input.config?.secret === 'string' ? { secret: input.config.secret } : {}),
        },
        active: input.active !== false,
      };
      (repo.hooks ??= []).push(hook);
      const self = `${context.apiUrl()}/repos/${repo.owner}/${repo.name}/hooks/${hook.id}`;
      const base = example('hook');
      return {
        status: 201,
        headers: { location: self },
        body: {
          ...base,
          id: hook.id,
          active: hook.active,
          events: hook.events,
          // GitHub never shows the secret back, only that there is one.
          config: {
            url,
            content_type: hook.config.content_type,
            insecure_ssl: hook.config.insecure_ssl,
            ...(hook.config.secret ? { secret: '********' } : {}),
          },
          url: self,
          test_url: `${self}/test`,
          ping_url: `${self}/pings`,
          deliveries_url: `${self}/deliveries`,
        },
      };
    },
  });

  restRoute(app, context, {
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/hooks/{hook_id}',
    handle: ({ params, user }) => {
      const repo = administered(params, user?.login);
      const at = repo?.hooks?.findIndex((hook) => String(hook.id) === params.hook_id) ?? -1;
      if (!repo || at < 0) return basicError(404, 'Not Found');
      repo.hooks!.splice(at, 1);
      return { status: 204, body: undefined };
    },
  });
}
