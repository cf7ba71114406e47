import { fileURLToPath } from 'node:url';

/** Everything the suite writes lands under e2e/output (git-ignored). */
export const OUTPUT_DIR = fileURLToPath(new URL('../../output/', import.meta.url));
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../output/screenshots/', import.meta.url));
export const WEB_DIST_INDEX = fileURLToPath(
  new URL('../../../apps/web/dist/index.html', import.meta.url),
);
export const AXE_DIR = fileURLToPath(new URL('../../output/axe/', import.meta.url));

/** Set by global-setup: the absolute path of the fixture git repository the analyses suite uses. */
export const FIXTURE_REPO_VAR = 'ROTA_E2E_FIXTURE_REPO';

export function fixtureRepoPath(): string {
  const path = process.env[FIXTURE_REPO_VAR];
  if (!path)
    throw new Error(`${FIXTURE_REPO_VAR} is not set: global-setup creates the fixture repository.`);
  return path;
}
