import type { Config } from '../config.js';

/** A complete configuration for tests and benchmarks: no files, no network, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: undefined,
    redisUrl: undefined,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    encryptionKey: Buffer.alloc(32, 7),
    publicUrl: 'http://localhost:3000',
    webhookUrl: undefined,
    webOrigin: 'http://localhost:3000',
    webDistDir: undefined,
    logLevel: 'silent',
    trustProxy: false,
    authRateLimit: { windowMs: 60_000, perIp: 1000, perEmailIp: 1000, perEmail: 1000 },
    analysisQuota: { maxActivePerUser: 1000, repoAnalyzePerHour: 1000 },
    shutdownTimeoutMs: 1000,
    allowLocalRepos: false,
    allowPrivateHosts: false,
    workers: 1,
    repoStore: { maxSizeBytes: 200 * 1024 * 1024, cloneTimeoutMs: 60_000, freshnessMs: 60_000 },
    analysisWaitMs: 3000,
    // Off: a test that wants scheduled pull-request syncs runs the schedule job itself.
    pullRequestSyncIntervalMs: 0,
    // Sign-in with GitHub off, no server token, and GitHub unreachable: a test that wants it points
    // these at the test double.
    github: {
      apiUrl: 'http://127.0.0.1:9',
      webUrl: 'https://github.com',
      oauth: null,
      token: undefined,
    },
    // Rules only: a test that wants the LLM reviewer points this at the OpenAI-compatible double.
    llm: null,
    // No /metrics: a test that wants them sets a token.
    metricsToken: undefined,
    // No e-mail: a test that wants it points this at an SMTP server it started.
    mail: null,
    version: '0.0.0-test',
    ...overrides,
  };
}
