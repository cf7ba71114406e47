import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration is read once from the environment, validated with zod and frozen. A bad value stops
 * the start with one message that names every bad variable, so an operator fixes them all at once.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = z
  .string()
  .trim()
  .min(1)
  .optional()
  .pipe(z.url({ error: 'must be a URL' }).optional());

/**
 * GitHub's addresses are operator configuration (GitHub Enterprise Server, or a local test double):
 * https anywhere, plain http only on a loopback address, where nothing travels over a network.
 */
const githubUrl = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .pipe(z.url({ error: 'must be a URL' }))
    .refine(
      (value) => {
        const url = new URL(value);
        if (url.protocol === 'https:') return true;
        const host = url.hostname.replace(/^\[|\]$/g, '');
        return (
          url.protocol === 'http:' &&
          (host === 'localhost' || host === '::1' || /^127\./.test(host))
        );
      },
      { error: 'must be an https URL (plain http only on a loopback address)' },
    )
    .transform((value) => value.replace(/\/+$/, ''));

/** Where GitHub delivers webhooks, when not PUBLIC_URL's own path: GitHub posts only to http(s). */
const webhookUrl = z
  .string()
  .trim()
  .min(1)
  .optional()
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { error: 'must be 64 hex characters (32 bytes)' })
    .optional(),
  PUBLIC_URL: optionalUrl,
  WEBHOOK_URL: webhookUrl,
  WEB_ORIGIN: optionalUrl,
  WEB_DIST_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromEnv.default(false),
  AUTH_RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).default(900),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  AUTH_RATE_LIMIT_PER_EMAIL_IP: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(100),
  ANALYSIS_MAX_ACTIVE_PER_USER: z.coerce.number().int().min(1).default(25),
  REPO_ANALYZE_PER_HOUR: z.coerce.number().int().min(1).default(30),
  ALLOW_LOCAL_REPOS: booleanFromEnv.default(false),
  ALLOW_PRIVATE_HOSTS: booleanFromEnv.default(false),
  WORKERS: z.coerce.number().int().min(0).max(64).default(2),
  MAX_REPO_SIZE_MB: z.coerce.number().int().min(1).default(1024),
  CLONE_TIMEOUT_S: z.coerce.number().int().min(5).default(600),
  MIRROR_FRESHNESS_S: z.coerce.number().int().min(0).default(300),
  REPO_CA_FILE: z.string().min(1).optional(),
  ANALYSIS_WAIT_S: z.coerce.number().min(0).max(30).default(3),
  PULL_REQUEST_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  SHUTDOWN_TIMEOUT_S: z.coerce.number().int().min(1).default(10),
  GITHUB_CLIENT_ID: z.string().trim().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().trim().min(1).optional(),
  GITHUB_API_URL: githubUrl('https://api.github.com'),
  GITHUB_WEB_URL: githubUrl('https://github.com'),
  GITHUB_TOKEN: z.string().trim().min(1).optional(),
  // The LLM reviewer: on only when all three of the base URL, key and model are set.
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.string().trim().min(1).optional(),
  LLM_MODEL: z.string().trim().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  LLM_MAX_INPUT_TOKENS: z.coerce.number().int().min(1000).max(10_000_000).default(24_000),
  // E-mail: none is queued without SMTP_URL (docs/notifications-email.md).
  SMTP_URL: z
    .string()
    .trim()
    .min(1)
    .optional()
    .pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: z
    .string()
    .trim()
    .max(320)
    .regex(/^(?:[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, {
      error: 'must be an address, optionally with a name: Rota <rota@example.com>',
    })
    .optional(),
  // Prometheus's /metrics: off (404) unless set; then scraped with this bearer token.
  METRICS_TOKEN: z
    .string()
    .min(16, { error: 'must be at least 16 characters' })
    .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces' })
    .optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** Every variable the server reads (README's configuration table lists each one; a test checks). */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape) as Array<keyof Env>;

export interface Config {
  readonly env: Env['NODE_ENV'];
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly redisUrl: string | undefined;
  readonly jwtSecret: string;
  /** 32 bytes for AES-256-GCM of stored secrets (GitHub tokens, webhook secrets). */
  readonly encryptionKey: Buffer;
  readonly publicUrl: string;
  /**
   * The full URL GitHub delivers webhooks to, when that is not `PUBLIC_URL/webhook/github` (Rota
   * behind a relay or tunnel such as smee.io, or a reverse proxy on another host). Undefined means
   * the default; the receiver itself always listens on /webhook/github.
   */
  readonly webhookUrl: string | undefined;
  readonly webOrigin: string;
  readonly webDistDir: string | undefined;
  readonly logLevel: Env['LOG_LEVEL'];
  readonly trustProxy: boolean;
  /** Sign-in/registration attempts per client; wrong passwords per (e-mail, client) and per e-mail. */
  readonly authRateLimit: { windowMs: number; perIp: number; perEmailIp: number; perEmail: number };
  /** Background work one user may cause (docs/analysis/serving.md, Quotas). */
  readonly analysisQuota: { maxActivePerUser: number; repoAnalyzePerHour: number };
  readonly shutdownTimeoutMs: number;
  /** Local paths and file:// repository URLs (for self-hosting next to the repositories, and tests). */
  readonly allowLocalRepos: boolean;
  /** Repository hosts resolving to private/loopback/link-local addresses (refused by default). */
  readonly allowPrivateHosts: boolean;
  /** Jobs this process runs at once; 0 = enqueue only (API processes beside `npm run worker`). */
  readonly workers: number;
  readonly repoStore: {
    maxSizeBytes: number;
    cloneTimeoutMs: number;
    freshnessMs: number;
    /** Extra certificate authorities (PEM file) trusted when fetching from https hosts. */
    caFile?: string | undefined;
  };
  /** How long an analysis request waits for a first result before answering 202. */
  readonly analysisWaitMs: number;
  /** How often repositories without a webhook get their pull requests synced; 0 = never. */
  readonly pullRequestSyncIntervalMs: number;
  readonly github: GitHubConfig;
  /** The LLM reviewer; null (rules only) unless LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are set. */
  readonly llm: LlmConfig | null;
  /** The bearer token Prometheus scrapes `/metrics` with; undefined: no metrics (404). */
  readonly metricsToken: string | undefined;
  /** Outgoing e-mail; null without SMTP_URL (then no e-mail is queued at all). */
  readonly mail: MailConfig | null;
  readonly version: string;
}

export interface MailConfig {
  /** smtp:// or smtps://, with user:password when the server asks for them. */
  readonly smtpUrl: string;
  /** The From header: MAIL_FROM, else `Rota <rota@{PUBLIC_URL's host}>`. */
  readonly from: string;
}

/** The e-mail settings when SMTP_URL is set, else null. */
export function mailConfigOf(env: Env, publicUrl: string): MailConfig | null {
  if (!env.SMTP_URL) return null;
  return Object.freeze({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM ?? `Rota <rota@${new URL(publicUrl).hostname || 'localhost'}>`,
  });
}

/** An OpenAI-compatible chat completions server (OpenAI, Azure, Ollama, vLLM, llama.cpp, …). */
export interface LlmConfig {
  /** Up to and including the API version, without a trailing slash (`https://api.openai.com/v1`). */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly model: string;
  /** Per attempt; a timed-out attempt is retried like a network error. */
  readonly timeoutMs: number;
  /** What one request may carry (instructions, pull request and diff), estimated. */
  readonly maxInputTokens: number;
  /** First retry's wait; doubled per retry. Not an environment variable: tests shorten it. */
  readonly retryBaseMs: number;
}

/** The LLM reviewer's settings when all three required variables are set, else null. */
export function llmConfigOf(env: Env): LlmConfig | null {
  if (!env.LLM_BASE_URL || !env.LLM_API_KEY || !env.LLM_MODEL) return null;
  return Object.freeze({
    baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''),
    apiKey: env.LLM_API_KEY,
    model: env.LLM_MODEL,
    timeoutMs: env.LLM_TIMEOUT_MS,
    maxInputTokens: env.LLM_MAX_INPUT_TOKENS,
    retryBaseMs: 1000,
  });
}

export interface GitHubConfig {
  /** REST base (GraphQL is `${apiUrl}/graphql`, or `/api/graphql` on Enterprise Server). */
  readonly apiUrl: string;
  /** Where users sign in (`${webUrl}/login/oauth/authorize`), and the host of its repositories. */
  readonly webUrl: string;
  /** The OAuth (or GitHub App) client; sign-in with GitHub is off without both halves. */
  readonly oauth: { clientId: string; clientSecret: string } | null;
  /** The server's own token, used for GitHub calls when a user has none of their own. */
  readonly token: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws ConfigError listing every bad variable. Does no I/O. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  // An empty variable means "not set": shells and .env files often leave `FOO=` behind.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = EnvSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.');
    return `${name}: ${issue.message} (got ${JSON.stringify(cleaned[name] ?? null)})`;
  });
  throw new ConfigError(problems);
}

interface StoredSecrets {
  jwtSecret: string;
  encryptionKey: string;
}

/**
 * Secrets not given in the environment are generated once and kept in DATA_DIR/secrets.json with
 * mode 0600, so a restart keeps sessions and encrypted data readable.
 */
function loadOrCreateSecrets(dataDir: string): StoredSecrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredSecrets>;
    if (typeof stored.jwtSecret === 'string' && typeof stored.encryptionKey === 'string') {
      chmodSync(file, 0o600);
      return stored as StoredSecrets;
    }
  }
  const secrets: StoredSecrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    encryptionKey: randomBytes(32).toString('hex'),
  };
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}

export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  options: { version?: string; cwd?: string } = {},
): Readonly<Config> {
  const env = parseEnv(source);
  const dataDir = path.resolve(options.cwd ?? process.cwd(), env.DATA_DIR);
  const needsStoredSecrets = !env.JWT_SECRET || !env.ENCRYPTION_KEY;
  const stored = needsStoredSecrets ? loadOrCreateSecrets(dataDir) : undefined;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return Object.freeze({
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    jwtSecret: env.JWT_SECRET ?? stored!.jwtSecret,
    encryptionKey: Buffer.from(env.ENCRYPTION_KEY ?? stored!.encryptionKey, 'hex'),
    publicUrl,
    webhookUrl: env.WEBHOOK_URL,
    webOrigin: new URL(env.WEB_ORIGIN ?? publicUrl).origin,
    webDistDir: env.WEB_DIST_DIR
      ? path.resolve(options.cwd ?? process.cwd(), env.WEB_DIST_DIR)
      : undefined,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    authRateLimit: {
      windowMs: env.AUTH_RATE_LIMIT_WINDOW_S * 1000,
      perIp: env.AUTH_RATE_LIMIT_PER_IP,
      perEmailIp: env.AUTH_RATE_LIMIT_PER_EMAIL_IP,
      perEmail: env.AUTH_RATE_LIMIT_PER_EMAIL,
    },
    analysisQuota: {
      maxActivePerUser: env.ANALYSIS_MAX_ACTIVE_PER_USER,
      repoAnalyzePerHour: env.REPO_ANALYZE_PER_HOUR,
    },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_S * 1000,
    allowLocalRepos: env.ALLOW_LOCAL_REPOS,
    allowPrivateHosts: env.ALLOW_PRIVATE_HOSTS,
    workers: env.WORKERS,
    repoStore: {
      maxSizeBytes: env.MAX_REPO_SIZE_MB * 1024 * 1024,
      cloneTimeoutMs: env.CLONE_TIMEOUT_S * 1000,
      freshnessMs: env.MIRROR_FRESHNESS_S * 1000,
      caFile: env.REPO_CA_FILE,
    },
    analysisWaitMs: env.ANALYSIS_WAIT_S * 1000,
    pullRequestSyncIntervalMs: env.PULL_REQUEST_SYNC_INTERVAL_MINUTES * 60_000,
    github: Object.freeze({
      apiUrl: env.GITHUB_API_URL,
      webUrl: env.GITHUB_WEB_URL,
      oauth:
        env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
          ? { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET }
          : null,
      token: env.GITHUB_TOKEN,
    }),
    llm: llmConfigOf(env),
    metricsToken: env.METRICS_TOKEN,
    mail: mailConfigOf(env, publicUrl),
    version: options.version ?? '0.0.0',
  });
}
