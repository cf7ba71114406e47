#!/usr/bin/env node
// `npm run screenshots [-- <git repository>]`: the README's screenshots, taken from the running app.
//
// Builds what changed since the last build (`npm run build`), starts the real server (built
// `apps/server/dist/server.js`, embedded database) on a temporary DATA_DIR and a free port with
// ALLOW_LOCAL_REPOS=true, registers a user, creates a project on a real local git repository (this
// checkout by default), waits for every analysis in the browser and saves PNGs into docs/screenshots/.
// The browser is Debian's Chromium (`apt-get install -y chromium`, or CHROMIUM_PATH), driven by
// playwright-core, with the flags the e2e suite uses. Nothing reaches the network.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'docs', 'screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** The first analysis of a large repository can take minutes; a stuck one should still end the run. */
const ANALYSIS_TIMEOUT_MS = 10 * 60_000;
// Same as e2e/playwright.config.ts: we run as root, and the network is closed.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Thrown for failures the user can act on: main() prints the message, cleans up and exits 1. */
function fail(message) {
  throw new Error(message);
}

function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH?.trim(),
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].filter(Boolean);
  const found = candidates.find((file) => existsSync(file));
  if (!found) {
    fail(
      `no Chromium found (looked at ${candidates.join(', ')}). Install Debian's chromium ` +
        '(apt-get install -y chromium) or set CHROMIUM_PATH.',
    );
  }
  return found;
}

/**
 * The repository to analyse and the branch its HEAD is on: the argument as it is, or a bare clone of
 * this checkout (its local branches, the same history) at `<temp>/rota/rota.git`, so the app names
 * it "rota" rather than after whatever folder the checkout happens to be in.
 */
function chooseRepository(argument, tempDir) {
  const source = path.resolve(argument ?? ROOT);
  const git = (repo, ...args) =>
    spawnSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (!git(source, 'rev-parse', '--git-dir')) fail(`${source} is not a git repository.`);
  let repo = source;
  if (argument === undefined) {
    repo = path.join(tempDir, 'rota', 'rota.git');
    execFileSync('git', ['clone', '--quiet', '--bare', source, repo], { stdio: 'inherit' });
  }
  const branch = git(repo, 'symbolic-ref', '--quiet', '--short', 'HEAD') || 'main';
  return { repo, branch, isRota: argument === undefined };
}

/** `npm run build` builds only the workspaces whose sources changed (stale shots lie). */
function buildIfNeeded() {
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      // Empty means unset: the embedded database and in-memory limits, whatever the shell has.
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_ORIGIN: '',
      LOG_LEVEL: 'warn',
      ALLOW_LOCAL_REPOS: 'true',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`the server exited with code ${child.exitCode}.`);
    const healthy = await fetch(`${baseUrl}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) {
      return {
        baseUrl,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  fail('the server did not answer /api/health within 60 s.');
}

async function api(baseUrl, method, route, body, token) {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) fail(`${method} ${route} answered ${response.status}: ${JSON.stringify(json)}`);
  return json.data;
}

/** A user with one project on the repository, and two more so the lists are not empty shells. */
async function seed(baseUrl, { repo, branch, isRota }) {
  const account = {
    name: 'Deniz Yılmaz',
    email: 'deniz@example.com',
    password: 'Screenshots-2026',
  };
  const session = await api(baseUrl, 'POST', '/api/auth/register', account);
  const project = await api(
    baseUrl,
    'POST',
    '/api/projects',
    {
      name: isRota ? 'Rota' : path.basename(repo).replace(/\.git$/, ''),
      description: isRota
        ? 'Rota analysing its own repository.'
        : `The repository at ${repo}, analysed by Rota.`,
      repos: [{ url: repo, branch }],
    },
    session.token,
  );
  await api(
    baseUrl,
    'POST',
    `/api/projects/${project.id}/members`,
    { name: account.name, role: 'Engineering lead', contributions: 0 },
    session.token,
  );
  for (const other of [
    { name: 'Mobile app', description: 'iOS and Android clients; repositories not added yet.' },
    { name: 'Legacy CRM', description: 'Kept for reference.', status: 'archived' },
  ]) {
    await api(baseUrl, 'POST', '/api/projects', other, session.token);
  }
  return { account, session, project };
}

async function shoot(page, name) {
  // Fonts and lazy chunks settle before the picture; animations are frozen by Playwright.
  // eslint-disable-next-line no-undef -- runs in the page, where `document` exists
  await page.evaluate(() => document.fonts.ready);
  const file = path.join(OUT_DIR, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  console.log(`screenshots: ${path.relative(ROOT, file)}`);
}

async function waitVisible(locator, timeout = 30_000) {
  await locator.first().waitFor({ state: 'visible', timeout });
}

async function openTab(page, name, testId) {
  await page.getByRole('tab', { name, exact: true }).click();
  const panel = page.getByTestId(testId);
  await waitVisible(panel);
  // A result shows its commit line; until then the tab shows progress.
  await waitVisible(panel.getByTestId('analysis-meta'), ANALYSIS_TIMEOUT_MS);
  return panel;
}

async function takeAll(browser, baseUrl, { account, session, project }) {
  const context = await browser.newContext({
    viewport: DESKTOP,
    deviceScaleFactor: 1,
    locale: 'en-US',
    colorScheme: 'light',
  });
  const page = await context.newPage();
  // English and light, stored as the app stores them before its first load.
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate(() => {
    localStorage.setItem('language', 'en');
    localStorage.setItem('theme', 'light');
  });

  await page.goto(`${baseUrl}/login`);
  await waitVisible(page.getByRole('heading', { level: 1 }));
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await shoot(page, 'login');
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
  await waitVisible(page.getByTestId('project-count'));

  // The analyses start on the project page; the dashboard and list come after, with them done.
  await page.goto(`${baseUrl}/projects/${project.id}`);
  await waitVisible(page.getByRole('heading', { level: 1, name: project.name }));
  const tabs = [
    ['Branches', 'analysis-branches', 'analysis-branches'],
    ['README', 'analysis-readme', 'analysis-readme'],
    ['Structure', 'analysis-structure', 'analysis-structure'],
    ['Diagram', 'analysis-diagram', 'analysis-diagram'],
  ];
  for (const [name, testId, file] of tabs) {
    const panel = await openTab(page, name, testId);
    if (testId === 'analysis-diagram') {
      await waitVisible(panel.getByTestId('diagram-svg').locator('svg'), 60_000);
    }
    await shoot(page, file);
  }
  await page.getByRole('tab', { name: 'Overview', exact: true }).click();
  await page.waitForLoadState('networkidle');
  await shoot(page, 'project');

  await page.getByRole('link', { name: 'Full report' }).click();
  await page.waitForURL(/\/analyze-full\//);
  await waitVisible(page.getByRole('heading', { level: 1 }));
  await page
    .getByTestId('report-progress')
    .waitFor({ state: 'detached', timeout: ANALYSIS_TIMEOUT_MS });
  await waitVisible(page.getByTestId('report-diagram').locator('svg'), 60_000);
  await shoot(page, 'full-report');

  await page.goto(`${baseUrl}/dashboard`);
  await waitVisible(page.getByTestId('project-count'));
  await page.waitForLoadState('networkidle');
  await shoot(page, 'dashboard');

  await page.goto(`${baseUrl}/projects`);
  await waitVisible(page.getByRole('article'));
  await shoot(page, 'projects');
  await context.close();

  await takePhone(browser, baseUrl, { session, project });
}

/** Words the phone pictures click, per language (the app's own, as a user reads them). */
const PHONE_WORDS = {
  tr: { menu: 'Menü', branches: 'Dallar', structure: 'Yapı' },
  en: { menu: 'Menu', branches: 'Branches', structure: 'Structure' },
};

/**
 * Phone width, in both languages: the dashboard with the navigation menu open, the
 * branches of the project (their summary, names cut to one line) and its folder tree, into
 * docs/screenshots/phone/<page>-<language>.png.
 */
async function takePhone(browser, baseUrl, { session, project }) {
  for (const [language, words] of Object.entries(PHONE_WORDS)) {
    const phone = await browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      colorScheme: 'light',
    });
    const small = await phone.newPage();
    // Signed in the way the app keeps a session, in the language of the pictures.
    await small.goto(`${baseUrl}/api/health`);
    await small.evaluate(
      (values) => {
        localStorage.setItem('token', values.session.token);
        localStorage.setItem('refreshToken', values.session.refreshToken);
        localStorage.setItem('user', JSON.stringify(values.session.user));
        localStorage.setItem('language', values.language);
        localStorage.setItem('theme', 'light');
      },
      { session, language },
    );
    await small.goto(`${baseUrl}/dashboard`);
    await waitVisible(small.getByTestId('project-count'));
    await small.waitForLoadState('networkidle');
    await small.getByRole('button', { name: words.menu, exact: true }).click();
    await shoot(small, `phone/dashboard-${language}`);

    await small.goto(`${baseUrl}/projects/${project.id}`);
    const branches = await openTab(small, words.branches, 'analysis-branches');
    await branches.locator('#branches-stalest').scrollIntoViewIfNeeded();
    await shoot(small, `phone/branches-${language}`);

    const structure = await openTab(small, words.structure, 'analysis-structure');
    await structure.getByTestId('directory-tree').scrollIntoViewIfNeeded();
    await shoot(small, `phone/structure-${language}`);
    await phone.close();
  }
}

async function main() {
  const executablePath = findChromium();
  const tempDir = mkdtempSync(path.join(tmpdir(), 'rota-screenshots-'));
  let server;
  let browser;
  try {
    const target = chooseRepository(process.argv[2], tempDir);
    buildIfNeeded();
    mkdirSync(path.join(OUT_DIR, 'phone'), { recursive: true });
    const dataDir = path.join(tempDir, 'data');
    mkdirSync(dataDir);
    server = await startServer(dataDir);
    console.log(
      `screenshots: server on ${server.baseUrl}, analysing ${target.repo} (${target.branch})`,
    );
    const seeded = await seed(server.baseUrl, target);
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    await takeAll(browser, server.baseUrl, seeded);
  } finally {
    await browser?.close();
    await server?.stop();
    rmSync(tempDir, { recursive: true, force: true });
  }
}

await main().catch((error) => {
  console.error(`screenshots: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
