import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { AXE_DIR, SCREENSHOT_DIR, WEB_DIST_INDEX } from './tests/support/paths.js';

/** Fails early with the fix when the app was not built, and starts each run with no old screenshots or axe reports. */
export default function globalSetup(): void {
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
}
