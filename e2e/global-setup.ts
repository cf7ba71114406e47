import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createFixtureRepository } from './tests/support/fixture-repo.js';
import {
  AXE_DIR,
  FIXTURE_REPO_VAR,
  SCREENSHOT_DIR,
  WEB_DIST_INDEX,
} from './tests/support/paths.js';

/**
 * Fails early with the fix when the app was not built, starts each run with no old screenshots or
 * axe reports, and creates the git repository the analyses suite analyses (its path reaches the
 * test workers through the environment). The returned function removes it after the run.
 */
export default function globalSetup(): () => void {
  if (!existsSync(WEB_DIST_INDEX)) {
    throw new Error(
      `The web app is not built (${WEB_DIST_INDEX} is missing). Run \`npm run build\` at the ` +
        'repository root first, or use `npm run test:e2e`, which builds and then tests.',
    );
  }
  for (const dir of [SCREENSHOT_DIR, AXE_DIR]) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  const repo = createFixtureRepository();
  process.env[FIXTURE_REPO_VAR] = repo;
  return () => rmSync(repo, { recursive: true, force: true });
}
