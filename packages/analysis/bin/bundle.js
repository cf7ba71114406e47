// Bundles the `rota-analyze` command line tool with esbuild: src/cli.ts and the command line in one
// file, each analysis (and what only it uses) in chunks that run.ts imports when asked for. Run by
// `npm run build` and, when its sources changed, by ./rota-analyze.js itself.
//
// Each build goes to its own folder under dist/rota-analyze/, and current.json (replaced
// atomically) names the one to run, so a build never changes files under a run still loading its
// chunks. The three newest builds are kept.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const outRoot = fileURLToPath(new URL('../dist/rota-analyze/', import.meta.url));
const KEPT_BUILDS = 3;
/** Written by every `npm install`/`npm ci`: a newer one means the dependencies may have changed. */
const INSTALL_MARK = 'node_modules/.package-lock.json';

export class BundlerMissing extends Error {}

/**
 * Builds the bundle and makes it current; returns its manifest (see ./rota-analyze.js).
 * `announce`: why, said on stderr (a build takes a moment).
 */
export async function bundleCli({ announce } = {}) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new BundlerMissing(
      'its build is missing or out of date, and esbuild (a dev dependency) is not installed to ' +
        'rebuild it: run `npm ci` with dev dependencies, or `npm run build` where they are',
    );
  }
  if (announce)
    process.stderr.write(`rota-analyze: bundling the command line tool (${announce})…\n`);
  const builtAt = Date.now();
  const id = `${builtAt}-${process.pid}`;
  const outdir = path.join(outRoot, id);
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['packages/analysis/src/cli.ts'],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Workspace packages from their TypeScript sources, as every development tool here reads them.
    conditions: ['source'],
    metafile: true,
    logLevel: 'error',
  });
  const sources = Object.keys(result.metafile.inputs).filter(
    (input) => !input.split('/').includes('node_modules'),
  );
  sources.push(path.relative(root, fileURLToPath(import.meta.url)));
  if (existsSync(path.join(root, INSTALL_MARK))) sources.push(INSTALL_MARK);
  // Each input with its modification time; one changed during the build is recorded as -1, so the
  // next run builds again rather than trust a bundle that may hold its older text.
  const inputs = sources.map((input) => {
    const mtime = statSync(path.join(root, input)).mtimeMs;
    return [input, mtime < builtAt ? mtime : -1];
  });
  const manifest = { entry: path.relative(root, path.join(outdir, 'cli.js')), inputs };
  const staging = path.join(outRoot, `.current-${id}.json`);
  writeFileSync(staging, JSON.stringify(manifest));
  renameSync(staging, path.join(outRoot, 'current.json'));
  removeOldBuilds();
  return manifest;
}

function removeOldBuilds() {
  mkdirSync(outRoot, { recursive: true });
  const builds = readdirSync(outRoot, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d+-\d+$/.test(entry.name))
    .map((entry) => entry.name)
    .sort((a, b) => Number(b.split('-')[0]) - Number(a.split('-')[0]));
  for (const name of builds.slice(KEPT_BUILDS))
    rmSync(path.join(outRoot, name), { recursive: true, force: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await bundleCli();
