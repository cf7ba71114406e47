#!/usr/bin/env node
// Runs the Playwright suite against the system Chromium. Playwright never downloads a browser here:
// the machines have no internet, so the suite uses Debian's `chromium` (see playwright.config.ts).
// No Chromium: a laptop skips e2e with a clear note; CI (CI=true) fails, so e2e cannot silently vanish.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    console.error(`e2e: CHROMIUM_PATH=${fromEnv} is not an executable file; looking elsewhere.`);
  }
  return CANDIDATES.find(isExecutable);
}

const isCi = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const chromium = findChromium();

if (!chromium) {
  const looked = ['$CHROMIUM_PATH', ...CANDIDATES].join(', ');
  if (isCi) {
    console.error(
      `e2e FAILED: no Chromium found (looked at ${looked}).\n` +
        "CI=true requires the end-to-end tests to run: install Debian's chromium " +
        '(apt-get install -y chromium) or set CHROMIUM_PATH.',
    );
    process.exit(1);
  }
  console.warn(
    `e2e skipped: no Chromium found (install Debian's chromium). Looked at ${looked}; ` +
      'set CHROMIUM_PATH to use another Chromium. With CI=true this is a failure.',
  );
  process.exit(0);
}

const localCli = path.join(here, '..', 'node_modules', '.bin', 'playwright');
const ownCli = path.join(here, 'node_modules', '.bin', 'playwright');
const cli = [ownCli, localCli].find((file) => existsSync(file));
const [command, baseArgs] = cli ? [cli, []] : ['npx', ['--no-install', 'playwright']];

console.log(`e2e: using Chromium at ${chromium}`);
const result = spawnSync(command, [...baseArgs, 'test', ...process.argv.slice(2)], {
  cwd: here,
  stdio: 'inherit',
  env: {
    ...process.env,
    CHROMIUM_PATH: chromium,
    // Belt and braces: nothing in this run may try to fetch a browser.
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  },
});

if (result.error) {
  console.error(`e2e: could not start Playwright: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
