import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { BullJobQueue } from './jobs/bullmq-queue.js';
import { DbJobQueue } from './jobs/db-queue.js';
import { JobHandles } from './jobs/handles.js';
import { countActiveJobs } from './jobs/queries.js';
import { Scheduler, type ScheduledJob } from './jobs/schedules.js';
// Working agreements: their service, breach detection on events and every five minutes.
import {
  AgreementsService,
  agreementCheckSchedule,
  BreachDetector,
  detectBreachesOnEvents,
} from './modules/agreements/index.js';
import type { JobHandler, JobQueue } from './jobs/types.js';
import type { RateLimiter } from './lib/rate-limit/rate-limiter.js';
import {
  GitHubTokenService,
  personalGitHubToken,
  ProfileService,
} from './modules/account/index.js';
import {
  AnalysisQuota,
  AnalysisService,
  ANALYZE_JOB,
  createAnalyzeHandler,
  defaultEngine,
  RepoAnalysesService,
  RepoAnalyzeService,
  StoredResults,
  type AnalysisEngine,
} from './modules/analysis/index.js';
import {
  AnalyticsItemsService,
  AnalyticsService,
  DashboardService,
  keepAnalyticsFresh,
  type DeliveryItems,
} from './modules/analytics/index.js';
import { AccessTokens, AuthService, refreshTokenPurgeSchedule } from './modules/auth/index.js';
import { CacheService } from './modules/cache/index.js';
import { chatOnEvents, type ChatPayload, ChatService } from './modules/chat/index.js';
import { DigestService, digestSchedule } from './modules/digest/index.js';
import {
  DeliverySettingsService,
  MirrorDeployments,
  recordDeploymentsOnEvents,
} from './modules/deployments/index.js';
import { EventBus } from './modules/events/index.js';
import { defaultForges } from './modules/forges/index.js';
import { RepoFailuresService } from './modules/repo-failures/index.js';
import {
  GitHubClients,
  GitHubRateLimitService,
  HttpCache,
  RateLimitState,
  type HttpCacheStore,
  type UserGitHubToken,
} from './modules/github/index.js';
import {
  createRepoRefreshHandler,
  GITHUB_REPO_REFRESH_JOB,
  ProjectGitHubData,
  refreshSavedProjects,
} from './modules/github-data/index.js';
import { HealthService } from './modules/health/index.js';
import { JobsService } from './modules/jobs/index.js';
import {
  createNotificationFeed,
  NotificationsService,
  notifyOnEvents,
  type NotificationFeed,
} from './modules/notifications/index.js';
import { ProcessMetrics } from './modules/metrics/index.js';
import {
  createEmailTransport,
  mailNotifications,
  Outbox,
  outboxSchedule,
  PermanentSendError,
  UnsubscribeLinks,
  UnsubscribeService,
  wakeOutbox,
} from './modules/outbox/index.js';
import {
  createDeliverySyncHandler,
  DELIVERY_SYNC_JOB,
  thenSyncDelivery,
} from './modules/delivery-sources/index.js';
import { GitHubOAuthClient, OAuthService, storedGitHubToken } from './modules/oauth/index.js';
import { ProjectPartsService, ProjectsService } from './modules/projects/index.js';
import {
  createPullRequestSyncHandler,
  PULL_REQUEST_SYNC_JOB,
  pullRequestSchedule,
  PullRequestsService,
  syncPullRequestsOnEvents,
  syncSavedProjects,
} from './modules/pull-requests/index.js';
import { GitHubReposService, WatchedReposService } from './modules/repos/index.js';
import { SettingsService } from './modules/settings/index.js';
import { DeliveryService } from './modules/delivery/index.js';
import { memberCommits, TeamsService } from './modules/teams/index.js';
import { UsersService } from './modules/users/index.js';
import {
  createPublishHandler,
  createReviewHandler,
  PULL_REQUEST_REVIEW_JOB,
  REVIEW_PUBLISH_JOB,
  reviewPullRequestsOnEvents,
  ReviewsService,
  withReviewPublishing,
} from './modules/reviews/index.js';
import {
  AcksFirst,
  createWebhookDeliveryHandler,
  WEBHOOK_DELIVERY_JOB,
  WebhookInstallService,
  WebhookReceiver,
} from './modules/webhooks/index.js';
import type { IsAdministrator } from './plugins/administrators.js';
import type { HostPolicy } from './repo-store/host-policy.js';
import { MirrorStore } from './repo-store/mirror-store.js';
import { mirrorSweepSchedule } from './repo-store/sweep-job.js';
import { singleProcessCaches, type SingleProcessCaches } from './single-process.js';

export interface CompositionOptions {
  config: Config;
  database: DatabaseHandle;
  rateLimiter: RateLimiter;
  logger: FastifyBaseLogger;
  /** The process's Redis connection when REDIS_URL is set (the health detail pings it). */
  redis?: { ping(): Promise<unknown> };
  engine?: AnalysisEngine;
  /** DNS and address rules for repository hosts; tests inject a resolver (no network). */
  hostPolicy?: HostPolicy;
  /** The clock of the API's services (tests expire tokens and data without waiting). */
  now?: () => number;
  github?: {
    /**
     * A user's own GitHub token; by default the personal token they connected, else the one GitHub
     * sign-in stored (tests inject theirs).
     */
    userToken?: UserGitHubToken;
    /** Where GitHub answers and their ETags are kept; the `http_cache` table unless given (Redis). */
    httpCache?: HttpCacheStore;
    /** Milliseconds per second of GitHub's retry-after (tests shorten secondary-limit waits). */
    retryAfterUnitMs?: number;
    /** Stored GitHub data older than this is served stale and refreshed (default 15 minutes). */
    staleAfterMs?: number;
  };
}

/** The services the HTTP routes answer with. */
export interface Services {
  tokens: AccessTokens;
  auth: AuthService;
  /** Whether a user an access token names still exists (per request; cached when embedded). */
  knownUserExists: (userId: string) => Promise<boolean>;
  /** Who may make the administrators' calls (clearing every cache, the health detail). */
  isAdministrator: IsAdministrator;
  oauth: OAuthService;
  health: HealthService;
  projects: ProjectsService;
  parts: ProjectPartsService;
  githubData: ProjectGitHubData;
  analysis: AnalysisService;
  repoAnalyze: RepoAnalyzeService;
  repoAnalyses: RepoAnalysesService;
  jobs: JobsService;
  pullRequests: PullRequestsService;
  analytics: AnalyticsService;
  dashboard: DashboardService;
  delivery: DeliveryService;
  /** The pull requests behind analytics and dashboard figures. */
  analyticsItems: AnalyticsItemsService;
  /** The deployments, commits and incidents behind delivery figures (the delivery module). */
  deliveryItems: DeliveryItems;
  agreements: AgreementsService;
  teams: TeamsService;
  repoFailures: RepoFailuresService;
  reviews: ReviewsService;
  githubRateLimits: GitHubRateLimitService;
  githubRepos: GitHubReposService;
  watchedRepos: WatchedReposService;
  webhookInstall: WebhookInstallService;
  webhookReceiver: WebhookReceiver;
  users: UsersService;
  profile: ProfileService;
  githubToken: GitHubTokenService;
  settings: SettingsService;
  cache: CacheService;
  /** Every message Rota sends goes through it (e-mail and chat). */
  outbox: Outbox;
  unsubscribe: UnsubscribeService;
  chat: ChatService;
  notifications: NotificationsService;
  digest: DigestService;
  /** A project's delivery settings, incident token and posted incidents. */
  deliverySettings: DeliverySettingsService;
}

export interface Composition {
  config: Config;
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  /** What modules tell each other (forge events, changes); one bus per process. */
  events: EventBus;
  queue: JobQueue;
  mirrors: MirrorStore;
  engine: AnalysisEngine;
  /** Holds this process's webhook processing back while its receiver owes deliveries a 202. */
  acksFirst: AcksFirst;
  services: Services;
  /** Asks for the periodic jobs at their intervals (processes that run jobs). */
  scheduler: Scheduler;
  /** This process's Prometheus metrics; none without METRICS_TOKEN. */
  metrics: ProcessMetrics | undefined;
  /** Carries notifications to the live streams of every process (closed with the process). */
  notificationFeed: NotificationFeed;
}

/**
 * The one place the server is put together, for the API process and the worker alike: the GitHub
 * clients and forges, the event bus and its subscribers, the job queue and its handlers, the
 * periodic jobs and every service. Modules meet here (and on the bus), never by building each
 * other. Nothing starts: the caller starts the queue and the scheduler when the process runs jobs.
 */
export async function compose(options: CompositionOptions): Promise<Composition> {
  const { config, database, logger } = options;
  const { db } = database;
  const now = options.now;
  const clock = now ? { now } : {};

  // A subscriber's failure is logged, never the emitter's: the other subscribers still ran.
  const events = new EventBus((error, name) =>
    logger.error({ err: error, event: name }, 'an event subscriber failed'),
  );

  // One registry per process, and only when someone may scrape it; parts record through it.
  const metrics = config.metricsToken
    ? new ProcessMetrics({ queueDepth: () => countActiveJobs(db), logger })
    : undefined;

  // The queue runs the handlers registered below; it reads them when a job runs.
  const handlers = new Map<string, JobHandler>();
  const queueOptions = { handlers, concurrency: config.workers, logger, metrics: metrics?.jobs };
  const queue: JobQueue = config.redisUrl
    ? new BullJobQueue(db, { redisUrl: config.redisUrl, ...queueOptions })
    : new DbJobQueue(db, queueOptions);

  // GitHub: one set of clients per process; rate-limit state is an observation of this process.
  const githubRateLimits = new RateLimitState();
  // A user's own credential: the personal token they connected wins over their sign-in token.
  const personalToken = personalGitHubToken(db, config.encryptionKey);
  const signInToken = storedGitHubToken(db, config.encryptionKey);
  const userToken: UserGitHubToken =
    options.github?.userToken ??
    (async (userId) => (await personalToken(userId)) ?? (await signInToken(userId)));
  const github = new GitHubClients({
    apiUrl: config.github.apiUrl,
    serverToken: config.github.token,
    userToken,
    cache: options.github?.httpCache ?? new HttpCache(db),
    rateLimits: githubRateLimits,
    metrics: metrics?.github,
    ...(options.github?.retryAfterUnitMs !== undefined
      ? { retryAfterUnitMs: options.github.retryAfterUnitMs }
      : {}),
  });
  // One registry for every forge-specific service: GitHub data, webhooks, pull requests, reviews.
  const forges = defaultForges(config.github, github);

  const hostPolicy = { ...options.hostPolicy, allowPrivateHosts: config.allowPrivateHosts };
  const mirrors = new MirrorStore(db, {
    reposDir: path.join(config.dataDir, 'repos'),
    allowLocalRepos: config.allowLocalRepos,
    maxSizeBytes: config.repoStore.maxSizeBytes,
    timeoutMs: config.repoStore.cloneTimeoutMs,
    freshnessMs: config.repoStore.freshnessMs,
    caFile: config.repoStore.caFile,
    logger,
    ...hostPolicy,
  });
  const engine = options.engine ?? defaultEngine;
  const acksFirst = new AcksFirst();

  // The API's services.
  const tokens = new AccessTokens(config.jwtSecret, now);
  const auth = new AuthService({
    db,
    tokens,
    rateLimiter: options.rateLimiter,
    limits: config.authRateLimit,
    ...clock,
  });
  const caches: SingleProcessCaches = await singleProcessCaches(database);
  const userExists = (userId: string) => auth.userExists(userId);
  const knownUserExists = (userId: string) =>
    caches.users ? caches.users.exists(userId, userExists) : userExists(userId);
  const githubOAuth = config.github.oauth;
  const oauth = new OAuthService({
    db,
    auth,
    client: githubOAuth ? new GitHubOAuthClient(config.github, githubOAuth, now) : null,
    encryptionKey: config.encryptionKey,
    publicUrl: config.publicUrl,
    rateLimiter: options.rateLimiter,
    limits: config.authRateLimit,
    ...clock,
  });
  const projectDeps = {
    db,
    allowLocalRepos: config.allowLocalRepos,
    hostPolicy,
    listCache: caches.projectLists,
    events,
    // A member's contributions are their commits the stored histories match (teams module).
    memberCommits,
  };
  const projects = new ProjectsService(projectDeps);
  const parts = new ProjectPartsService(projectDeps);
  const githubData = new ProjectGitHubData({
    db,
    forges,
    logger,
    ...clock,
    ...(options.github?.staleAfterMs !== undefined
      ? { staleAfterMs: options.github.staleAfterMs }
      : {}),
    queue,
  });
  const handles = new JobHandles(db, queue);
  const quota = new AnalysisQuota({
    handles,
    rateLimiter: options.rateLimiter,
    limits: config.analysisQuota,
  });
  const settings = new SettingsService({ db });
  // Periods are cut in the user's time zone (settings; null → UTC).
  const timeZoneOf = async (userId: string) => (await settings.get(userId)).preferences.timezone;
  const analytics = new AnalyticsService({
    db,
    forges,
    ...clock,
    timeZoneOf,
  });
  const gitHubLimits = new GitHubRateLimitService({
    clients: github,
    rateLimits: githubRateLimits,
    now: now ?? Date.now,
  });
  const users = new UsersService({ db });
  // The outbox: every message Rota sends, e-mail (with SMTP_URL) and chat, goes through it.
  const outbox: Outbox = new Outbox({
    db,
    transports: {
      email: config.mail ? createEmailTransport(config.mail) : undefined,
      chat: (payload) => chat.sendChatPayload(payload as ChatPayload),
    },
    wake: wakeOutbox(() => queue),
    logger,
  });
  const unsubscribeLinks = new UnsubscribeLinks(config.jwtSecret, config.publicUrl);
  const unsubscribe = new UnsubscribeService({ links: unsubscribeLinks, settings, userExists });
  // Outgoing chat webhooks, posted by the outbox's drain.
  const chat: ChatService = new ChatService({
    db,
    encryptionKey: config.encryptionKey,
    hostPolicy,
    publicUrl: config.publicUrl,
    enqueue: (item) => outbox.enqueue({ channel: 'chat', ...item }),
    permanentError: (message) => new PermanentSendError(message),
  });
  // Notifications: the user's flags come from their settings; the feed reaches every process.
  const notificationFeed = createNotificationFeed({
    redisUrl: config.redisUrl,
    onError: (error) => logger.warn({ err: error }, 'the notification feed failed'),
  });
  const notifications = new NotificationsService({
    db,
    events,
    feed: notificationFeed,
    flagsOf: async (userId) => (await settings.get(userId)).notifications,
    ...clock,
  });
  const agreements = new AgreementsService({ db, forges, ...clock });
  const teams = new TeamsService({ db, events, timeZoneOf, ...clock });
  // Delivery figures (the four DORA keys, rework, cycle-time stages) in the user's time zone.
  const delivery = new DeliveryService({ db, forges, timeZoneOf, ...clock });
  const services: Services = {
    deliverySettings: new DeliverySettingsService({
      db,
      events,
      rateLimiter: options.rateLimiter,
      limits: config.authRateLimit,
      ...clock,
    }),
    tokens,
    auth,
    knownUserExists,
    oauth,
    health: new HealthService(database, config.version, {
      dataDir: config.dataDir,
      redis: options.redis,
      serverRateLimit: () => gitHubLimits.forServer(),
      ...clock,
    }),
    projects,
    parts,
    githubData,
    analysis: new AnalysisService({
      db,
      queue: queue,
      handles,
      quota,
      engine,
      results: new StoredResults(db),
      freshnessMs: config.repoStore.freshnessMs,
      waitMs: config.analysisWaitMs,
      ...(caches.analysisAnswers ? { answers: caches.analysisAnswers } : {}),
    }),
    repoAnalyze: new RepoAnalyzeService({
      db,
      handles,
      quota,
      allowLocalRepos: config.allowLocalRepos,
      hostPolicy,
    }),
    repoAnalyses: new RepoAnalysesService({ db, handles, quota }),
    jobs: new JobsService(handles),
    pullRequests: new PullRequestsService({
      db,
      handles,
      forges,
      scheduled: config.pullRequestSyncIntervalMs > 0,
      ...clock,
    }),
    analytics,
    dashboard: new DashboardService({ db, analytics, forges, ...clock }),
    delivery,
    analyticsItems: new AnalyticsItemsService({ db, forges, timeZoneOf, ...clock }),
    deliveryItems: (userId, projectId, query) => delivery.items(userId, projectId, query),
    repoFailures: new RepoFailuresService({ db }),
    reviews: new ReviewsService({
      db,
      queue: queue,
      forges,
      events,
      llm: config.llm,
    }),
    githubRateLimits: gitHubLimits,
    githubRepos: new GitHubReposService(github),
    watchedRepos: new WatchedReposService({ db, clients: github }),
    webhookInstall: new WebhookInstallService({
      db,
      forges,
      publicUrl: config.publicUrl,
      webhookUrl: config.webhookUrl,
      encryptionKey: config.encryptionKey,
    }),
    webhookReceiver: new WebhookReceiver({
      db,
      writers: database.driver === 'postgres' ? 4 : 1,
      queue: queue,
      forges,
      encryptionKey: config.encryptionKey,
      acksFirst,
    }),
    isAdministrator: (userId) => users.isAdministrator(userId),
    // Each cache is its owning module's; the cache calls only put them side by side.
    cache: new CacheService({
      db,
      forges,
      ...clock,
      caches: {
        analysisAnswers: caches.analysisAnswers,
        githubResponses: github.responses,
        analytics: analytics.stored,
        projectLists: caches.projectLists,
      },
    }),
    users,
    profile: new ProfileService({ db, auth }),
    githubToken: new GitHubTokenService({
      db,
      clients: github,
      encryptionKey: config.encryptionKey,
      serverToken: Boolean(config.github.token),
      ...clock,
    }),
    settings,
    outbox,
    unsubscribe,
    chat,
    agreements,
    teams,
    notifications,
    // The digest: what it reads and sends goes through the agreements, outbox and chat modules.
    digest: new DigestService({
      db,
      settings,
      publicUrl: config.publicUrl,
      emailEnabled: outbox.sends('email'),
      ports: {
        breachesIn: (projectIds, from, to) =>
          agreements.breachesIn(projectIds, new Date(from), new Date(to)),
        unsubscribeUrl: (userId, topic) => unsubscribeLinks.url(userId, topic),
        enqueueEmail: ({ dedupeKey, payload }) =>
          outbox.enqueue({ channel: 'email', dedupeKey, payload }),
        postProjectDigest: (projectId, { title, lines, link }) =>
          chat.postDigest(projectId, { title, lines, link }),
      },
      ...clock,
    }),
  };

  // The jobs, and the periodic ones among them.
  const publishing = {
    db,
    forges,
    hasGitHubToken: async (userId: string) => (await userToken(userId)) !== null,
    publicUrl: config.publicUrl,
  };
  handlers.set(ANALYZE_JOB, createAnalyzeHandler({ db, mirrors, engine, events }));
  handlers.set(GITHUB_REPO_REFRESH_JOB, createRepoRefreshHandler({ db, clients: github, events }));
  // Each pull-request sync queues one of the repository's deployments and incidents.
  handlers.set(
    PULL_REQUEST_SYNC_JOB,
    thenSyncDelivery(createPullRequestSyncHandler({ db, forges, events }), () => queue),
  );
  handlers.set(DELIVERY_SYNC_JOB, createDeliverySyncHandler({ db, clients: github, events }));
  // Publishing to GitHub (projects with publish_reviews) wraps the review, its own job apart.
  handlers.set(
    PULL_REQUEST_REVIEW_JOB,
    withReviewPublishing(createReviewHandler({ db, forges, events, llm: config.llm }), {
      ...publishing,
      queue: () => queue,
      logger,
    }),
  );
  handlers.set(REVIEW_PUBLISH_JOB, createPublishHandler(publishing));
  handlers.set(
    WEBHOOK_DELIVERY_JOB,
    createWebhookDeliveryHandler({ db, events, forges, acksFirst }),
  );
  // A stored notification becomes an e-mail when its user wants e-mail (and SMTP is set); the
  // minute's drain queues any e-mail a process died before queueing.
  const catchUpMail = mailNotifications({
    db,
    events,
    outbox,
    links: unsubscribeLinks,
    settings,
    publicUrl: config.publicUrl,
    from: config.mail?.from ?? '',
    recent: (since, until) => notifications.createdBetween(since, until),
    ...clock,
  });
  const schedules: ScheduledJob[] = [
    refreshTokenPurgeSchedule(auth),
    mirrorSweepSchedule(mirrors),
    // Drains the outbox every minute and at start (its jobs are also queued on each enqueue).
    outboxSchedule(outbox, catchUpMail),
    digestSchedule(services.digest),
  ];
  // Repositories without a webhook are kept current by a scheduled pass.
  if (config.pullRequestSyncIntervalMs > 0)
    schedules.push(
      pullRequestSchedule({ db, queue: () => queue, forges }, config.pullRequestSyncIntervalMs),
    );
  // Working agreements: breaches are detected when pull requests or Rota's reviews are stored,
  // and every five minutes for those time alone makes.
  const breaches = new BreachDetector({ agreements: services.agreements, events, ...clock });
  detectBreachesOnEvents(events, breaches);
  schedules.push(agreementCheckSchedule(breaches));
  for (const schedule of schedules) handlers.set(schedule.kind, schedule.handler);

  // Who listens to what.
  keepAnalyticsFresh({ db, events });
  refreshSavedProjects(events, githubData);
  syncSavedProjects({ events, queue, forges, logger });
  // Pull request and review events from webhooks queue a sync of their repository …
  syncPullRequestsOnEvents({ db, events, queue, forges });
  // … and a review of the pull request's new head.
  reviewPullRequestsOnEvents({ db, events, queue, forges, llm: config.llm });
  // Chat destinations hear of broken agreements, reviews asking for changes and failed work.
  chatOnEvents({ events, chat });
  // Git tags become deployments after each fetch; the commits of deployments of any source follow.
  recordDeploymentsOnEvents(
    events,
    new MirrorDeployments({ db, events, mirrorPathOf: (url) => mirrors.pathFor(url), ...clock }),
  );
  // Notifications: last, so what they read (pull requests, reviews) was stored before them.
  notifyOnEvents({ db, events, forges, notifications });

  return {
    config,
    database,
    logger,
    events,
    queue,
    mirrors,
    engine,
    acksFirst,
    services,
    scheduler: new Scheduler(queue, schedules, logger),
    metrics,
    notificationFeed,
  };
}
