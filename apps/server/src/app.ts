import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Composition } from './composition.js';
import { accountRoutes } from './modules/account/index.js';
import { agreementRoutes } from './modules/agreements/index.js';
import { teamRoutes } from './modules/teams/index.js';
import { deliverySettingsRoutes } from './modules/deployments/index.js';
import { analysisRoutes, repoAnalysesRoutes, repoAnalyzeRoutes } from './modules/analysis/index.js';
import { analyticsRoutes } from './modules/analytics/index.js';
import { authRoutes } from './modules/auth/index.js';
import { cacheRoutes } from './modules/cache/index.js';
import { deliveryRoutes } from './modules/delivery/index.js';
import { chatRoutes } from './modules/chat/index.js';
import { rateLimitRoutes } from './modules/github/index.js';
import { healthRoutes } from './modules/health/index.js';
import { jobRoutes } from './modules/jobs/index.js';
import { metricsRoutes, recordRequests } from './modules/metrics/index.js';
import { notificationRoutes } from './modules/notifications/index.js';
import { oauthRoutes } from './modules/oauth/index.js';
import { outboxRoutes } from './modules/outbox/index.js';
import { projectRoutes } from './modules/projects/index.js';
import { pullRequestRoutes } from './modules/pull-requests/index.js';
import { repoFailuresRoutes } from './modules/repo-failures/index.js';
import { repoRoutes } from './modules/repos/index.js';
import { reviewRoutes } from './modules/reviews/index.js';
import { settingsRoutes } from './modules/settings/index.js';
import { digestRoutes } from './modules/digest/index.js';
import { userAdministrationRoutes } from './modules/users/index.js';
import {
  enqueuePendingDeliveries,
  webhookInstallRoutes,
  webhookReceiverRoutes,
} from './modules/webhooks/index.js';
import { createRequireAdministrator } from './plugins/administrators.js';
import { registerAnswerHeaders } from './plugins/answer-headers.js';
import {
  createAuthenticate,
  createOwnReadAuthentication,
  registerAuthentication,
} from './plugins/authenticate.js';
import { registerCompression } from './plugins/compression.js';
import { registerCors } from './plugins/cors.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import {
  clientErrorHandler,
  frameworkErrors,
  registerShutdownAnswer,
} from './plugins/framework-errors.js';
import { MAX_PARAM_LENGTH, registerOpenApi } from './plugins/openapi.js';
import { registerSpa } from './plugins/spa.js';
import { registerStorableInput } from './plugins/storable-input.js';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * How long a client may take to send a request. Node checks open connections every `checkEveryMs`
 * and answers one over its limit with 408 in the envelope (plugins/framework-errors.ts), so a body
 * that stalls or trickles is closed within `requestMs + checkEveryMs` of its first byte; headers
 * alone may take `headersMs`. Only the request's arrival is timed, not the answer (an event stream
 * stays open). GitHub sends a 25 MB webhook delivery well within `requestMs`: it gives up on a
 * delivery after 10 s.
 */
export const CLIENT_TIMEOUTS = { headersMs: 10_000, requestMs: 20_000, checkEveryMs: 1_000 };

/** Builds the whole HTTP application from its dependencies; listening is the caller's job. */
export async function buildApp(composition: Composition): Promise<FastifyInstance> {
  const { config, services } = composition;
  const app = Fastify({
    loggerInstance: composition.logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A longer path parameter is 414 (framework-errors.ts); the OpenAPI document says so.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    requestTimeout: CLIENT_TIMEOUTS.requestMs,
    http: {
      headersTimeout: CLIENT_TIMEOUTS.headersMs,
      connectionsCheckingInterval: CLIENT_TIMEOUTS.checkEveryMs,
    },
    // Keep a caller's request id (for tracing across services) only when it looks like one.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
        ? incoming
        : randomUUID();
    },
    // registerShutdownAnswer answers 503 while closing, in the envelope.
    return503OnClosing: false,
    // Errors Fastify and Node answer before a route is found, in the envelope too.
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before every route, so each one's answers are counted.
  if (composition.metrics) recordRequests(app, composition.metrics);
  registerStorableInput(app);
  registerShutdownAnswer(app);
  // Clients send `Content-Type: application/json` on every call (spec §7), also on bodiless POSTs
  // like logout; an empty body then means "no body", not a syntax error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, null);
    parseJson(request, text, done);
  });
  app.addHook('onSend', async (request, reply) => {
    // Not on the web build's immutable files: the same bytes for every request, nothing to trace.
    if (String(reply.getHeader('cache-control') ?? '').includes('immutable')) return;
    void reply.header('x-request-id', request.id);
  });
  registerAnswerHeaders(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner set inline styles at run time; scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://avatars.githubusercontent.com'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await registerCors(app, config.webOrigin);
  // Before any route: the plugin hooks into each route as it is added.
  await registerCompression(app);
  await registerOpenApi(app, config.version);

  const authenticate = createAuthenticate(services.tokens, services.knownUserExists);
  const ownRead = createOwnReadAuthentication(services.tokens, services.knownUserExists);
  // Before any route: every route that declares bearerAuth security authenticates first.
  registerAuthentication(app, { user: authenticate, token: ownRead.authenticate });
  const requireAdministrator = createRequireAdministrator(authenticate, services.isAdministrator);
  await app.register(healthRoutes, { health: services.health, requireAdministrator });
  await app.register(authRoutes, {
    auth: services.auth,
    githubSignIn: services.oauth.enabled,
  });
  await app.register(oauthRoutes, {
    oauth: services.oauth,
    webOrigin: config.webOrigin,
    secureCookies: config.publicUrl.startsWith('https:'),
  });
  await app.register(projectRoutes, {
    projects: services.projects,
    parts: services.parts,
    allowLocalRepos: config.allowLocalRepos,
    decorations: services.githubData,
  });
  await app.register(analysisRoutes, {
    analysis: services.analysis,
    auth: ownRead,
  });
  await app.register(repoAnalyzeRoutes, { repoAnalyze: services.repoAnalyze });
  await app.register(repoAnalysesRoutes, { repoAnalyses: services.repoAnalyses });
  await app.register(jobRoutes, { jobs: services.jobs });
  await app.register(pullRequestRoutes, { pullRequests: services.pullRequests });
  await app.register(analyticsRoutes, {
    analytics: services.analytics,
    dashboard: services.dashboard,
    items: services.analyticsItems,
    deliveryItems: services.deliveryItems,
  });
  await app.register(deliveryRoutes, { delivery: services.delivery });
  // A project's working agreements.
  await app.register(agreementRoutes, { agreements: services.agreements });
  // A project's teams, its members' commit identities and a person's own figures.
  await app.register(teamRoutes, { teams: services.teams });
  // A project's delivery settings, incident token and the incidents posted with it.
  await app.register(deliverySettingsRoutes, { settings: services.deliverySettings });
  await app.register(repoFailuresRoutes, { failures: services.repoFailures });
  await app.register(reviewRoutes, { reviews: services.reviews });
  await app.register(rateLimitRoutes, { rateLimits: services.githubRateLimits });
  await app.register(repoRoutes, {
    repos: services.githubRepos,
    watched: services.watchedRepos,
  });
  await app.register(webhookInstallRoutes, { webhooks: services.webhookInstall });
  await app.register(accountRoutes, {
    profile: services.profile,
    githubToken: services.githubToken,
  });
  await app.register(settingsRoutes, { settings: services.settings });
  // A project's outgoing chat webhooks.
  await app.register(chatRoutes, { chat: services.chat });
  // Notifications: the list, marking read and the live stream; the feed closes with the app.
  await app.register(notificationRoutes, { notifications: services.notifications });
  app.addHook('onClose', () => composition.notificationFeed.close());
  // The digest's preview (modules/digest).
  await app.register(digestRoutes, { digest: services.digest });
  await app.register(userAdministrationRoutes, { users: services.users });
  await app.register(cacheRoutes, { cache: services.cache, requireAdministrator });
  // Unsubscribe links of e-mails (public, signed) and the administrators' outbox view.
  await app.register(outboxRoutes, {
    outbox: services.outbox,
    unsubscribe: services.unsubscribe,
    requireAdministrator,
  });
  await app.register(webhookReceiverRoutes, { receiver: services.webhookReceiver });
  await app.register(metricsRoutes, { metrics: composition.metrics, token: config.metricsToken });
  // Deliveries recorded by a process that died before their job was queued are queued now.
  app.addHook('onReady', async () => {
    const requeued = await enqueuePendingDeliveries(composition.database.db, composition.queue);
    if (requeued > 0) app.log.info({ requeued }, 'webhook deliveries queued again after a restart');
  });
  await registerSpa(app, config.webDistDir);
  return app;
}
