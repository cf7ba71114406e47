#!/usr/bin/env node
// The `rota-analyze` command (see src/cli.ts). It runs the CLI as bundled by ./bundle.js: one file
// for the command line and one per analysis, loaded when asked for. Loading tsc's dist/ instead
// means ~1,100 ES modules (linguist-languages alone is 1,666 files), which costs Node about half a
// second before any work; the bundle's few files load in milliseconds.
//
// The bundle is built by `npm run build`, and here whenever it is missing or any of its sources
// (or the last `npm install`) has another modification time than the one it was built from, so
// `npx rota-analyze` works right after `npm ci` and never runs code older than the working tree.
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const manifestUrl = new URL('../dist/rota-analyze/current.json', import.meta.url);

/** The current bundle's manifest, and whether none of its inputs changed since it was built. */
function readManifest() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestUrl, 'utf8'));
  } catch {
    return { manifest: undefined, fresh: false };
  }
  const fresh = manifest.inputs.every(
    ([input, mtime]) => statSync(root + input, { throwIfNoEntry: false })?.mtimeMs === mtime,
  );
  return { manifest, fresh };
}

let { manifest, fresh } = readManifest();
if (!fresh) {
  const { bundleCli, BundlerMissing } = await import('./bundle.js');
  try {
    manifest = await bundleCli({ announce: manifest ? 'its sources changed' : 'first run' });
  } catch (error) {
    // An install without dev dependencies has no bundler: an existing bundle still runs.
    if (!(error instanceof BundlerMissing)) throw error;
    if (!manifest) {
      process.stderr.write(`rota-analyze: ${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`rota-analyze: running the last build (${error.message})\n`);
  }
}
await import(pathToFileURL(root + manifest.entry).href);
