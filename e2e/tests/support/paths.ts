import { fileURLToPath } from 'node:url';

/** Everything the suite writes lands under e2e/output (git-ignored). */
export const OUTPUT_DIR = fileURLToPath(new URL('../../output/', import.meta.url));
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../output/screenshots/', import.meta.url));
export const WEB_DIST_INDEX = fileURLToPath(
  new URL('../../../apps/web/dist/index.html', import.meta.url),
);
export const AXE_DIR = fileURLToPath(new URL('../../output/axe/', import.meta.url));
