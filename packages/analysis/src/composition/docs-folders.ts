import type { DocsFolder } from '@rota/contracts';
import { basename, compareByDepth, dirname, extension } from '../facts/paths.js';

const DOCS_NAMES = new Set(['docs', 'doc', 'documentation', 'website']);
/** A folder of DOCS_NAMES somewhere in the path: only such paths are split into segments. */
const MAY_BE_IN_DOCS = /(?:^|\/)(?:docs?|documentation|website)\//i;

/**
 * Site generators by their config file, relative to the docs folder. `beside`: the config may
 * also sit next to the folder (mkdocs.yml at the root configures docs/).
 */
const GENERATORS: Array<{ file: RegExp; beside: boolean; name: string }> = [
  { file: /^docusaurus\.config\.[cm]?[jt]s$/, beside: true, name: 'Docusaurus' },
  { file: /^mkdocs\.ya?ml$/, beside: true, name: 'MkDocs' },
  { file: /^book\.toml$/, beside: true, name: 'mdBook' },
  { file: /^(?:source\/)?conf\.py$/, beside: false, name: 'Sphinx' },
  { file: /^\.vitepress\/config\.[cm]?[jt]s$/, beside: false, name: 'VitePress' },
  { file: /^antora\.ya?ml$/, beside: false, name: 'Antora' },
  { file: /^docfx\.json$/, beside: false, name: 'DocFX' },
  { file: /^hugo\.(?:toml|ya?ml)$/, beside: false, name: 'Hugo' },
  { file: /^_config\.ya?ml$/, beside: false, name: 'Jekyll' },
];

const MAX_FOLDERS = 20;

interface Tally {
  files: number;
  markdown: number;
  mdx: number;
  /** Paths relative to the folder, at most two levels deep: where generator configs live. */
  shallow: string[];
}

/**
 * Documentation folders: every folder named docs, doc, documentation or website (outside vendored
 * paths) that is not inside another such folder, with its file, Markdown and MDX counts and the
 * site generator its config names.
 */
export function docsFolders(paths: string[]): DocsFolder[] {
  const tallies = new Map<string, Tally>();
  const namesByFolder = new Map<string, string[]>();
  for (const path of paths) {
    const parent = dirname(path);
    const names = namesByFolder.get(parent);
    if (names) names.push(basename(path));
    else namesByFolder.set(parent, [basename(path)]);
    if (!MAY_BE_IN_DOCS.test(path)) continue;
    const segments = path.split('/');
    const index = segments
      .slice(0, -1)
      .findIndex((segment) => DOCS_NAMES.has(segment.toLowerCase()));
    if (index === -1) continue;
    const folder = segments.slice(0, index + 1).join('/');
    let tally = tallies.get(folder);
    if (!tally) tallies.set(folder, (tally = { files: 0, markdown: 0, mdx: 0, shallow: [] }));
    tally.files++;
    const ext = extension(path);
    if (ext === 'md' || ext === 'markdown') tally.markdown++;
    if (ext === 'mdx') tally.mdx++;
    if (segments.length - index <= 3) tally.shallow.push(segments.slice(index + 1).join('/'));
  }
  return [...tallies]
    .sort((a, b) => compareByDepth(a[0], b[0]))
    .slice(0, MAX_FOLDERS)
    .map(([path, tally]) => {
      const beside = namesByFolder.get(dirname(path)) ?? [];
      const generator = GENERATORS.find(
        (item) =>
          tally.shallow.some((file) => item.file.test(file)) ||
          (item.beside && beside.some((name) => item.file.test(name))),
      );
      return {
        path,
        files: tally.files,
        markdownFiles: tally.markdown,
        mdxFiles: tally.mdx,
        generator: generator?.name ?? null,
      };
    });
}
