import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { RateLimiter } from './lib/rate-limit/rate-limiter.js';
import type { JobQueue } from './jobs/types.js';
import type { AnalysisEngine } from './modules/analysis/engine.js';
import { analysisRoutes } from './modules/analysis/routes.js';
import { AnalysisService } from './modules/analysis/service.js';
import { AnalysisQuota } from './modules/analysis/quota.js';
import { RepoAnalyzeService } from './modules/analysis/repo-analyze.js';
import { repoAnalyzeRoutes } from './modules/analysis/repo-analyze-routes.js';
import { jobRoutes } from './modules/jobs/routes.js';
import { JobsService } from './modules/jobs/service.js';
import { JobHandles } from './jobs/handles.js';
import { createAuthenticate } from './plugins/authenticate.js';
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
import { authRoutes } from './modules/auth/routes.js';
import { AuthService } from './modules/auth/service.js';
import { AccessTokens } from './modules/auth/tokens.js';
import { healthRoutes } from './modules/health/routes.js';
import { HealthService } from './modules/health/service.js';
import type { HostPolicy } from './repo-store/host-policy.js';
import { oauthRoutes } from './modules/oauth/routes.js';
import { projectRoutes } from './modules/projects/routes.js';
import { ProjectsService } from './modules/projects/service.js';
import { ProjectPartsService } from './modules/projects/parts-service.js';

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
  // Clients send `Content-Type: application/json` on every call (SPEC §7), also on bodiless POSTs
  // like logout; an empty body then means "no body", not a syntax error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, null);
    parseJson(request, text, done);
  });
  app.addHook('onSend', async (request, reply) => {
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
  await registerOpenApi(app, config.version);

  const tokens = new AccessTokens(config.jwtSecret, deps.now);
  const auth = new AuthService({
    db: database.db,
    tokens,
    rateLimiter: deps.rateLimiter,
    limits: config.authRateLimit,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const authenticate = createAuthenticate(tokens, (userId) => auth.userExists(userId));
  const purge = setInterval(
    () => void auth.purgeExpiredTokens().catch(() => undefined),
    TOKEN_PURGE_MS,
  );
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  await app.register(healthRoutes, { health: new HealthService(database, config.version) });
  await app.register(authRoutes, { auth, authenticate });
  await app.register(oauthRoutes);
  const hostPolicy = { ...deps.hostPolicy, allowPrivateHosts: config.allowPrivateHosts };
  const projectDeps = { db: database.db, allowLocalRepos: config.allowLocalRepos, hostPolicy };
  const projects = new ProjectsService(projectDeps);
  const parts = new ProjectPartsService(projectDeps, projects);
  await app.register(projectRoutes, {
    projects,
    parts,
    authenticate,
    allowLocalRepos: config.allowLocalRepos,
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
    projects,
    parts,
    freshnessMs: config.repoStore.freshnessMs,
    waitMs: config.analysisWaitMs,
  });
  await app.register(analysisRoutes, { analysis, authenticate });
  const repoAnalyze = new RepoAnalyzeService({
    db: database.db,
    handles,
    quota,
    projects,
    parts,
    allowLocalRepos: config.allowLocalRepos,
    hostPolicy,
  });
  await app.register(repoAnalyzeRoutes, { repoAnalyze, authenticate });
  await app.register(jobRoutes, { jobs: new JobsService(handles), authenticate });
  await registerSpa(app, config.webDistDir);
  return app;
}
