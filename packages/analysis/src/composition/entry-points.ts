import type { EntryPoint, EntryPointKind } from '@rota/contracts';
import type { ManifestFacts } from './manifests/types.js';
import { basename, compareByDepth, dirname, joinPath } from '../facts/paths.js';
import { supportArea } from '../facts/support-areas.js';

/** Entry points recognised by file convention alone, in the order they are reported. */
const CONVENTIONS: Array<{ kind: EntryPointKind; test: (path: string) => boolean }> = [
  { kind: 'rust-main', test: (path) => /(?:^|\/)src\/main\.rs$/.test(path) },
  {
    kind: 'rust-bin',
    test: (path) => /(?:^|\/)src\/bin\/(?:[^/]+\.rs|[^/]+\/main\.rs)$/.test(path),
  },
  { kind: 'go-main', test: (path) => /(?:^|\/)cmd\/[^/]+\/main\.go$/.test(path) },
  { kind: 'python-main', test: (path) => basename(path) === '__main__.py' },
  { kind: 'django-manage', test: (path) => basename(path) === 'manage.py' },
  { kind: 'dotnet-program', test: (path) => /^Program\.(?:cs|fs|vb)$/.test(basename(path)) },
  { kind: 'source-main', test: (path) => /(?:^|\/)src\/main\.(?!rs$)[a-z]+$/.test(path) },
];

/** What every convention below needs, checked first since few of the tree's paths have it. */
function mayBeEntryPoint(path: string): boolean {
  const name = basename(path);
  return (
    name.startsWith('main.') ||
    name.startsWith('Program.') ||
    name === '__main__.py' ||
    name === 'manage.py' ||
    name === 'index.html' ||
    path.includes('src/bin/')
  );
}

/** Folders where an index.html is the page an app starts from, not a stray document. */
const HTML_HOMES = /^(?:|public|src|web|app|client|frontend|static|www)$/;

const MAX_ENTRY_POINTS = 100;

/**
 * Entry points from the manifests (package.json main/bin/exports, pyproject scripts, Cargo [[bin]],
 * composer bin, Dockerfile ENTRYPOINT/CMD) and from file conventions (src/main.*, cmd/x/main.go,
 * a module root's main.go, __main__.py, manage.py, Program.cs, src/main.rs, src/bin/*, index.html
 * at an app's root). Commands are reported as text; nothing is run. Nothing is taken from tests,
 * examples, docs or tooling folders (facts/support-areas.ts).
 */
export function entryPoints(
  paths: string[],
  declared: Array<{ path: string; facts: ManifestFacts | null }>,
): EntryPoint[] {
  const inTree = new Set(paths);
  const found: EntryPoint[] = [];
  for (const { path: manifest, facts } of declared) {
    for (const point of facts?.entryPoints ?? []) {
      const target = point.target === null ? null : joinPath(dirname(manifest), point.target);
      found.push({
        kind: point.kind,
        path: target,
        declaredIn: manifest,
        name: point.name,
        command: point.command,
        inTree: target !== null && inTree.has(target),
      });
    }
  }
  const goModules = new Set(paths.filter((path) => basename(path) === 'go.mod').map(dirname));
  const packageRoots = new Set(
    paths.filter((path) => basename(path) === 'package.json').map(dirname),
  );
  const declaredTargets = new Set(found.map((point) => point.path));
  for (const path of paths) {
    if (declaredTargets.has(path) || !mayBeEntryPoint(path)) continue;
    let kind = CONVENTIONS.find((convention) => convention.test(path))?.kind;
    const folder = dirname(path);
    if (!kind && basename(path) === 'main.go' && goModules.has(folder)) kind = 'go-main';
    if (
      !kind &&
      basename(path) === 'index.html' &&
      (HTML_HOMES.test(basename(folder)) || packageRoots.has(folder))
    )
      kind = 'html-index';
    if (kind) found.push({ kind, path, declaredIn: null, name: null, command: null, inTree: true });
  }
  // A test server's page or an example app's main file starts no part of the product.
  return found
    .filter((point) => !supportArea(point.declaredIn ?? point.path ?? ''))
    .sort((a, b) => compareByDepth(a.declaredIn ?? a.path ?? '', b.declaredIn ?? b.path ?? ''))
    .slice(0, MAX_ENTRY_POINTS);
}
