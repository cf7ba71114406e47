import type { FastifyInstance } from 'fastify';
import { execute, parse, validate, type GraphQLError } from 'graphql';
import { connection, type PageArgs } from './graphql-connection.js';
import { pullRequestFields } from './graphql-pull-requests.js';
import { connectionLimitErrors, gitHubSchema } from './graphql-schema.js';
import type { DoubleRepository } from './rest-repos.js';
import type { DoubleUser } from './rest-limits.js';
import type { DoubleContext } from './rest-route.js';

/** Root fields a test adds (e.g. pull requests of a repository) on top of the double's own. */
export type GraphQLRootExtension = (user: DoubleUser) => Record<string, unknown>;

const toJson = (errors: readonly GraphQLError[]) => errors.map((error) => error.toJSON());

/**
 * `POST /graphql` (or `/api/graphql` on GitHub Enterprise Server): parses, validates against
 * GitHub's published schema and its connection limits, and executes — so a query GitHub would
 * reject fails here the same way. Each accepted query costs one point of the graphql bucket.
 */
export async function graphqlRoutes(
  app: FastifyInstance,
  options: {
    context: DoubleContext;
    repositories: DoubleRepository[];
    extend?: GraphQLRootExtension;
    url: string;
  },
) {
  const { context } = options;
  const schema = gitHubSchema();
  app.post(options.url, async (request, reply) => {
    const seen = (status: number, caller: string) =>
      context.requests.push({ method: 'POST', url: request.url, status, caller });
    const who = context.limits.identify(request.headers.authorization);
    if (!who.ok || !who.user) {
      seen(401, 'invalid');
      return reply.code(401).send({
        message: who.ok ? 'This endpoint requires you to be authenticated.' : 'Bad credentials',
        documentation_url: 'https://docs.github.com/graphql',
      });
    }
    const bucket = context.limits.bucket(who.caller, 'graphql');
    void reply.headers(context.limits.headers(bucket, 'graphql'));
    if (context.limits.takeSecondary(who.caller)) {
      seen(403, who.caller);
      return reply
        .code(403)
        .header('retry-after', String(context.limits.secondaryRetryAfterS))
        .send({ message: 'You have exceeded a secondary rate limit.' });
    }
    if (bucket.used >= bucket.limit) {
      seen(200, who.caller);
      return reply.send({
        errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded for user.' }],
      });
    }
    const body = (request.body ?? {}) as { query?: unknown; variables?: unknown };
    if (typeof body.query !== 'string') {
      seen(400, who.caller);
      return reply
        .code(400)
        .send({ message: 'A query attribute must be specified and must be a string.' });
    }
    const variables = (body.variables ?? {}) as Record<string, unknown>;
    let document;
    try {
      document = parse(body.query);
    } catch (error) {
      seen(200, who.caller);
      return reply.send({ errors: toJson([error as GraphQLError]) });
    }
    const invalid = [
      ...validate(schema, document),
      ...connectionLimitErrors(schema, document, variables),
    ];
    seen(200, who.caller);
    if (invalid.length > 0) return reply.send({ errors: toJson(invalid) });
    bucket.used += 1;
    void reply.headers(context.limits.headers(bucket, 'graphql'));
    const user = who.user;
    const rootValue = {
      viewer: { login: user.login, databaseId: user.id, id: `U_${user.id}` },
      rateLimit: () => ({
        cost: 1,
        limit: bucket.limit,
        remaining: Math.max(0, bucket.limit - bucket.used),
        used: bucket.used,
        nodeCount: 0,
        resetAt: new Date(bucket.reset * 1000).toISOString(),
      }),
      repository: (args: { owner: string; name: string }) => {
        const found = options.repositories.find(
          (repo) =>
            repo.owner.toLowerCase() === args.owner.toLowerCase() &&
            repo.name.toLowerCase() === args.name.toLowerCase() &&
            (!repo.private ||
              repo.owner === user.login ||
              repo.collaborators?.includes(user.login)),
        );
        if (!found) return null;
        return {
          name: found.name,
          nameWithOwner: `${found.owner}/${found.name}`,
          owner: { __typename: 'User', login: found.owner },
          isPrivate: found.private ?? false,
          stargazerCount: found.stargazers ?? 0,
          forkCount: found.forks ?? 0,
          diskUsage: found.size ?? 0,
          pushedAt: found.pushedAt ?? null,
          primaryLanguage: found.language ? { name: found.language } : null,
          url: `${context.webUrl()}/${found.owner}/${found.name}`,
          // The double holds open issues only (a count): asking for closed ones finds none.
          issues: (args: PageArgs & { states?: string[] }) =>
            connection(
              Array.from(
                {
                  length:
                    !args.states || args.states.includes('OPEN') ? (found.openIssues ?? 0) : 0,
                },
                (_, n) => n + 1,
              ),
              args,
              (number) => ({
                id: `I_${found.owner}_${found.name}_${number}`,
                number,
                state: 'OPEN',
              }),
            ),
          ...pullRequestFields(found, context),
        };
      },
      ...options.extend?.(user),
    };
    const result = await execute({ schema, document, rootValue, variableValues: variables });
    return reply.send(result.errors ? { ...result, errors: toJson(result.errors) } : result);
  });
}
