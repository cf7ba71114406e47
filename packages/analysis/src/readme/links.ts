import path from 'node:path/posix';
import type { ReadmeBrokenLink, ReadmeLinksSummary } from '@rota/contracts';
import type { RepoSnapshot } from '../snapshot/snapshot.js';
import type { ReadmeDocument } from './document.js';

/**
 * Relative links and `#anchors` resolved as GitHub resolves them: paths against the README's
 * directory (a leading `/` against the repository root) in the snapshot's tree, directories included;
 * anchors against github-slugger slugs of the headings and explicit `<a name>`/`id` anchors. External
 * links are only counted: nothing is ever requested.
 */
export interface TreeIndex {
  has(path: string): boolean;
}

export function treeIndex(
  snapshot: Pick<RepoSnapshot, 'files' | 'symlinks' | 'submodules'>,
): TreeIndex {
  const paths = new Set<string>(['']);
  const add = (entry: string) => {
    paths.add(entry);
    for (let slash = entry.lastIndexOf('/'); slash > 0; slash = entry.lastIndexOf('/', slash - 1))
      paths.add(entry.slice(0, slash));
  };
  for (const file of snapshot.files) add(file.path);
  for (const link of snapshot.symlinks) add(link.path);
  for (const submodule of snapshot.submodules) add(submodule.path);
  return { has: (entry) => paths.has(entry) };
}

/** Pages GitHub serves beside the tree, reachable from a README as `../../issues` and the like. */
const GITHUB_REPO_PAGES = new Set([
  'issues',
  'pulls',
  'pull',
  'wiki',
  'releases',
  'actions',
  'discussions',
  'security',
  'projects',
  'tags',
  'graphs',
  'network',
  'pulse',
  'tree',
  'blob',
  'raw',
  'compare',
  'commits',
  'milestones',
  'labels',
]);

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const MAX_BROKEN_LISTED = 200;

type Outcome =
  | { kind: 'external' }
  | { kind: 'anchor'; ok: boolean }
  | { kind: 'relative'; ok: true }
  | { kind: 'relative'; ok: false; reason: 'missing' | 'outsideRepository' };

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function anchorResolver(doc: ReadmeDocument): (fragment: string) => boolean {
  const anchors = new Set<string>();
  for (const heading of doc.headings) if (heading.slug !== null) anchors.add(heading.slug);
  for (const anchor of doc.explicitAnchors) anchors.add(anchor);
  const lower = new Set([...anchors].map((anchor) => anchor.toLowerCase()));
  return (fragment) => {
    // GitHub prefixes rendered ids with `user-content-` and its script accepts both spellings.
    const id = decode(fragment).replace(/^user-content-/, '');
    return id === '' || anchors.has(id) || lower.has(id.toLowerCase());
  };
}

export function classifyLink(
  url: string,
  readmeDirectory: string,
  tree: TreeIndex,
  anchorExists: (fragment: string) => boolean,
): Outcome {
  const target = url.trim();
  if (target.startsWith('#')) return { kind: 'anchor', ok: anchorExists(target.slice(1)) };
  if (SCHEME.test(target) || target.startsWith('//')) return { kind: 'external' };
  const pathPart = decode(target.replace(/[?#].*$/s, ''));
  if (pathPart === '') return { kind: 'relative', ok: true };
  const joined = pathPart.startsWith('/')
    ? path.normalize(pathPart.slice(1) || '.')
    : path.normalize(path.join(readmeDirectory || '.', pathPart));
  const resolved = joined.replace(/\/+$/, '');
  if (resolved === '..' || resolved.startsWith('../')) {
    const segments = resolved.split('/');
    const above = segments.filter((segment) => segment === '..').length;
    // From /owner/repo/blob/<branch>/, two levels up is the repository's GitHub page.
    if (above === 2 && GITHUB_REPO_PAGES.has(segments[2] ?? '')) return { kind: 'external' };
    return { kind: 'relative', ok: false, reason: 'outsideRepository' };
  }
  const normalized = resolved === '.' ? '' : resolved;
  return tree.has(normalized)
    ? { kind: 'relative', ok: true }
    : { kind: 'relative', ok: false, reason: 'missing' };
}

export function summarizeLinks(
  doc: ReadmeDocument,
  readmePath: string,
  tree: TreeIndex,
): ReadmeLinksSummary & { brokenCount: number } {
  const directory = path.dirname(readmePath) === '.' ? '' : path.dirname(readmePath);
  const anchorExists = anchorResolver(doc);
  const summary = { total: 0, external: 0, relative: 0, anchors: 0, brokenCount: 0 };
  const broken: ReadmeBrokenLink[] = [];
  const report = (item: ReadmeBrokenLink) => {
    summary.brokenCount++;
    if (broken.length < MAX_BROKEN_LISTED) broken.push(item);
  };
  for (const link of doc.links) {
    summary.total++;
    const outcome = classifyLink(link.url, directory, tree, anchorExists);
    if (outcome.kind === 'external') summary.external++;
    else if (outcome.kind === 'anchor') {
      summary.anchors++;
      if (!outcome.ok)
        report({ target: link.url, kind: 'anchor', line: link.line, reason: 'unknownAnchor' });
    } else {
      summary.relative++;
      if (!outcome.ok)
        report({ target: link.url, kind: 'file', line: link.line, reason: outcome.reason });
    }
  }
  // Image sources are links too: a missing screenshot is as broken as a missing page.
  for (const image of doc.images) {
    if (!image.src) continue;
    const outcome = classifyLink(image.src, directory, tree, anchorExists);
    if (outcome.kind === 'relative' && !outcome.ok)
      report({ target: image.src, kind: 'image', line: image.line, reason: outcome.reason });
  }
  return { ...summary, broken };
}
