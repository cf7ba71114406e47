import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  E2E_WEBHOOK_URL,
  GITHUB_DOUBLE_PORT,
  GITHUB_DOUBLE_URL,
} from './tests/support/github-double.js';

/**
 * One real server (the built `apps/server/dist/server.js`, serving the built SPA) on a fresh
 * embedded database, and Debian's Chromium. Playwright never downloads a browser here.
 */
const PORT = Number(process.env.E2E_PORT ?? 3107);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// The GitHub test double (apps/server/src/testing/github-double/oauth-serve.ts): github.com and api.github.com in one, on loopback.
const GITHUB_CLIENT = { GITHUB_CLIENT_ID: 'Iv1.rota-e2e', GITHUB_CLIENT_SECRET: 'rota-e2e-secret' };
const isCi = /^(1|true|yes)$/i.test(process.env.CI ?? '');

// The config is evaluated by the runner and again by every worker; only the runner makes (and later
// removes) the data directory, the workers inherit its path through the environment.
const DATA_DIR_VAR = 'ROTA_E2E_DATA_DIR';
if (!process.env[DATA_DIR_VAR]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'rota-e2e-'));
  process.env[DATA_DIR_VAR] = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
const dataDir = process.env[DATA_DIR_VAR];

const CHROMIUM_ARGS = [
  '--no-sandbox', // we run as root
  '--disable-gpu',
  // The network is closed: without these Chromium keeps dialling Google's services.
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  outputDir: 'output/test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  forbidOnly: true,
  // Two cores and one server with one embedded database: a single worker is the fastest stable choice.
  workers: 1,
  retries: isCi ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'output/report' }]],
  use: {
    baseURL: BASE_URL,
    // A non-Turkish browser on purpose: Turkish must be the app's default, not the browser's.
    locale: 'en-US',
    colorScheme: 'light',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx ../apps/server/src/testing/github-double/oauth-serve.ts',
      cwd: import.meta.dirname,
      url: `${GITHUB_DOUBLE_URL}/__double/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: { E2E_GITHUB_PORT: String(GITHUB_DOUBLE_PORT), ...GITHUB_CLIENT },
    },
    {
      command: 'node ../apps/server/dist/server.js',
      cwd: import.meta.dirname,
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      // SIGTERM lets the server close the embedded database cleanly before the directory goes.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: BASE_URL,
        // As behind a relay (smee.io): hooks are installed with this public address, which a
        // loopback PUBLIC_URL could not give; the double delivers straight to BASE_URL instead.
        WEBHOOK_URL: E2E_WEBHOOK_URL,
        DATA_DIR: dataDir ?? '',
        // Empty means unset: always the fresh embedded database and in-memory rate limits, even when
        // the calling shell (CI) has these set for other suites.
        DATABASE_URL: '',
        REDIS_URL: '',
        WEB_ORIGIN: '',
        LOG_LEVEL: 'warn',
        // Every test signs in from 127.0.0.1; the limits themselves are the server suite's business.
        AUTH_RATE_LIMIT_PER_IP: '10000',
        AUTH_RATE_LIMIT_PER_EMAIL_IP: '100',
        AUTH_RATE_LIMIT_PER_EMAIL: '1000',
        // The analyses suite points projects at a fixture repository on this machine (an absolute
        // path). Answering 202 at once, rather than waiting for a first result, lets it see progress.
        ALLOW_LOCAL_REPOS: 'true',
        ANALYSIS_WAIT_S: '0',
        // Sign-in with GitHub goes to the double, never to github.com.
        ...GITHUB_CLIENT,
        GITHUB_API_URL: GITHUB_DOUBLE_URL,
        GITHUB_WEB_URL: GITHUB_DOUBLE_URL,
      },
    },
  ],
});
