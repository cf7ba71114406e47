import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { RateLimiter } from './lib/rate-limit/rate-limiter.js';
import type { JobQueue } from './jobs/types.js';
import type { AnalysisEngine } from './modules/analysis/index.js';
import { analysisRoutes } from './modules/analysis/index.js';
import { AnalysisService } from './modules/analysis/index.js';
import { AnalysisQuota } from './modules/analysis/index.js';
import { RepoAnalyzeService } from './modules/analysis/index.js';
import { StoredResults } from './modules/analysis/index.js';
import { repoAnalyzeRoutes } from './modules/analysis/index.js';
import { RepoAnalysesService } from './modules/analysis/index.js';
import { repoAnalysesRoutes } from './modules/analysis/index.js';
import { jobRoutes } from './modules/jobs/index.js';
import { JobsService } from './modules/jobs/index.js';
import { JobHandles } from './jobs/handles.js';
import { createAuthenticate, createOwnReadAuthentication } from './plugins/authenticate.js';
import { registerCors } from './plugins/cors.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import {
  clientErrorHandler,
  frameworkErrors,
  registerShutdownAnswer,
} from './plugins/framework-errors.js';
import { registerStorableInput } from './plugins/storable-input.js';
import { loggerOptions } from './lib/logging.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSpa } from './plugins/spa.js';
import { singleProcessCaches } from './single-process.js';
import { registerCompression } from './plugins/compression.js';
import { authRoutes } from './modules/auth/index.js';
import { AuthService } from './modules/auth/index.js';
import { AccessTokens } from './modules/auth/index.js';
import { healthRoutes } from './modules/health/index.js';
import { HealthService } from './modules/health/index.js';
import type { HostPolicy } from './repo-store/host-policy.js';
import { oauthRoutes } from './modules/oauth/index.js';
import { OAuthService } from './modules/oauth/index.js';
import { storedGitHubToken } from './modules/oauth/index.js';
import { GitHubOAuthClient } from './modules/oauth/index.js';
import { projectRoutes } from './modules/projects/index.js';
import { ProjectsService } from './modules/projects/index.js';
import { ProjectPartsService } from './modules/projects/index.js';
import { GitHubClients } from './modules/github/index.js';
import type { UserGitHubToken } from './modules/github/index.js';
import { HttpCache } from './modules/github/index.js';
import type { HttpCacheStore } from './modules/github/index.js';
import { RateLimitState } from './modules/github/index.js';
import { GitHubRateLimitService } from './modules/github/index.js';
import { rateLimitRoutes } from './modules/github/index.js';
import { GitHubReposService } from './modules/repos/index.js';
import { repoRoutes } from './modules/repos/index.js';
import { WatchedReposService } from './modules/repos/index.js';
import { ProjectGitHubData } from './modules/github-data/index.js';
import { defaultForges } from './modules/forges/index.js';
import type { AcksFirst } from './modules/webhooks/index.js';
import { enqueuePendingDeliveries } from './modules/webhooks/index.js';
import { webhookInstallRoutes } from './modules/webhooks/index.js';
import { WebhookInstallService } from './modules/webhooks/index.js';
import { webhookReceiverRoutes } from './modules/webhooks/index.js';
import { WebhookReceiver } from './modules/webhooks/index.js';
import { analyticsRoutes } from './modules/analytics/index.js';
import { AnalyticsService } from './modules/analytics/index.js';
import { DashboardService } from './modules/analytics/index.js';
import { pullRequestRoutes } from './modules/pull-requests/index.js';
import { PullRequestsService } from './modules/pull-requests/index.js';
import { reviewRoutes } from './modules/reviews/index.js';
import { ReviewsService } from './modules/reviews/index.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  rateLimiter: RateLimiter;
  queue: JobQueue;
  engine: AnalysisEngine;
  /** Injected clock, so tests can expire tokens without waiting. */
  now?: () => number;
  /** DNS and address rules for submitted repository URLs; tests inject a resolver (no network). */
  hostPolicy?: HostPolicy;
  logger?: FastifyServerOptions['logger'];
  /** A user's own GitHub token; by default the one GitHub sign-in stored (tests inject theirs). */
  githubUserToken?: UserGitHubToken;
  /** Milliseconds per second of GitHub's retry-after (tests shorten secondary-limit waits). */
  githubRetryAfterUnitMs?: number;
  /** Where GitHub answers and their ETags are kept; the `http_cache` table unless given (Redis). */
  githubHttpCache?: HttpCacheStore;
  /** Stored GitHub data older than this is served stale and refreshed (default 15 minutes). */
  githubStaleAfterMs?: number;
  /** The job process's gate: webhook processing waits while the receiver owes a 202. */
  acksFirst?: AcksFirst;
}

/** How often expired refresh tokens are deleted. */
const TOKEN_PURGE_MS = 60 * 60_000;

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the whole HTTP application from its dependencies; listening is the caller's job. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
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

  const tokens = new AccessTokens(config.jwtSecret, deps.now);
  const auth = new AuthService({
    db: database.db,
    tokens,
    rateLimiter: deps.rateLimiter,
    limits: config.authRateLimit,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const caches = await singleProcessCaches(database);
  const userExists = (userId: string) => auth.userExists(userId);
  const knownUserExists = (userId: string) =>
    caches.users ? caches.users.exists(userId, userExists) : userExists(userId);
  const authenticate = createAuthenticate(tokens, knownUserExists);
  const purge = setInterval(
    () => void auth.purgeExpiredTokens().catch(() => undefined),
    TOKEN_PURGE_MS,
  );
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  await app.register(healthRoutes, { health: new HealthService(database, config.version) });
  const githubOAuth = config.github.oauth;
  const oauth = new OAuthService({
    db: database.db,
    auth,
    client: githubOAuth ? new GitHubOAuthClient(config.github, githubOAuth, deps.now) : null,
    encryptionKey: config.encryptionKey,
    publicUrl: config.publicUrl,
    rateLimiter: deps.rateLimiter,
    limits: config.authRateLimit,
    ...(deps.now ? { now: deps.now } : {}),
  });
  await app.register(authRoutes, { auth, authenticate, githubSignIn: oauth.enabled });
  await app.register(oauthRoutes, {
    oauth,
    authenticate,
    webOrigin: config.webOrigin,
    secureCookies: config.publicUrl.startsWith('https:'),
  });
  const githubRateLimits = new RateLimitState();
  const github = new GitHubClients({
    apiUrl: config.github.apiUrl,
    serverToken: config.github.token,
    userToken: deps.githubUserToken ?? storedGitHubToken(database.db, config.encryptionKey),
    cache: deps.githubHttpCache ?? new HttpCache(database.db),
    rateLimits: githubRateLimits,
    ...(deps.githubRetryAfterUnitMs !== undefined
      ? { retryAfterUnitMs: deps.githubRetryAfterUnitMs }
      : {}),
  });
  const hostPolicy = { ...deps.hostPolicy, allowPrivateHosts: config.allowPrivateHosts };
  const projectDeps = {
    db: database.db,
    allowLocalRepos: config.allowLocalRepos,
    hostPolicy,
    listCache: caches.projectLists,
  };
  const projects = new ProjectsService(projectDeps);
  const parts = new ProjectPartsService(projectDeps);
  // One registry for every forge-specific service: GitHub data, webhooks (and pull requests).
  const forges = defaultForges(config.github, github);
  const githubData = new ProjectGitHubData({
    db: database.db,
    queue: deps.queue,
    forges,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.githubStaleAfterMs !== undefined ? { staleAfterMs: deps.githubStaleAfterMs } : {}),
    logger: app.log,
  });
  await app.register(projectRoutes, {
    projects,
    parts,
    authenticate,
    allowLocalRepos: config.allowLocalRepos,
    github: githubData,
  });
  const handles = new JobHandles(database.db, deps.queue);
  const quota = new AnalysisQuota({
    handles,
    rateLimiter: deps.rateLimiter,
    limits: config.analysisQuota,
  });
  const analysis = new AnalysisService({
    db: database.db,
    queue: deps.queue,
    handles,
    quota,
    engine: deps.engine,
    results: new StoredResults(database.db),
    freshnessMs: config.repoStore.freshnessMs,
    waitMs: config.analysisWaitMs,
    ...(caches.analysisAnswers ? { answers: caches.analysisAnswers } : {}),
  });
  await app.register(analysisRoutes, {
    analysis,
    auth: createOwnReadAuthentication(tokens, knownUserExists),
  });
  const repoAnalyze = new RepoAnalyzeService({
    db: database.db,
    handles,
    quota,
    allowLocalRepos: config.allowLocalRepos,
    hostPolicy,
  });
  await app.register(repoAnalyzeRoutes, { repoAnalyze, authenticate });
  const repoAnalyses = new RepoAnalysesService({
    db: database.db,
    handles,
    quota,
  });
  await app.register(repoAnalysesRoutes, { repoAnalyses, authenticate });
  await app.register(jobRoutes, { jobs: new JobsService(handles), authenticate });
  await app.register(pullRequestRoutes, {
    pullRequests: new PullRequestsService({
      db: database.db,
      handles,
      forges,
      scheduled: config.pullRequestSyncIntervalMs > 0,
      ...(deps.now ? { now: deps.now } : {}),
    }),
    authenticate,
  });
  const analytics = new AnalyticsService({
    db: database.db,
    forges,
    ...(deps.now ? { now: deps.now } : {}),
  });
  await app.register(analyticsRoutes, {
    analytics,
    dashboard: new DashboardService({
      db: database.db,
      analytics,
      forges,
      ...(deps.now ? { now: deps.now } : {}),
    }),
    authenticate,
  });
  await app.register(reviewRoutes, {
    reviews: new ReviewsService({
      db: database.db,
      queue: deps.queue,
      forges,
      llm: config.llm,
    }),
    authenticate,
  });
  await app.register(rateLimitRoutes, {
    rateLimits: new GitHubRateLimitService({
      clients: github,
      rateLimits: githubRateLimits,
      now: deps.now ?? Date.now,
    }),
    authenticate,
  });
  await app.register(repoRoutes, {
    repos: new GitHubReposService(github),
    watched: new WatchedReposService({ db: database.db, clients: github }),
    authenticate,
  });
  await app.register(webhookInstallRoutes, {
    webhooks: new WebhookInstallService({
      db: database.db,
      forges,
      publicUrl: config.publicUrl,
      webhookUrl: config.webhookUrl,
      encryptionKey: config.encryptionKey,
    }),
    authenticate,
  });
  await app.register(webhookReceiverRoutes, {
    receiver: new WebhookReceiver({
      db: database.db,
      writers: database.driver === 'postgres' ? 4 : 1,
      queue: deps.queue,
      forges,
      encryptionKey: config.encryptionKey,
      ...(deps.acksFirst ? { acksFirst: deps.acksFirst } : {}),
    }),
  });
  // Deliveries recorded by a process that died before their job was queued are queued now.
  app.addHook('onReady', async () => {
    const requeued = await enqueuePendingDeliveries(database.db, deps.queue);
    if (requeued > 0) app.log.info({ requeued }, 'webhook deliveries queued again after a restart');
  });
  await registerSpa(app, config.webDistDir);
  return app;
}
