import GithubSlugger from 'github-slugger';
import type { Nodes, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { countLines } from './text-document.js';
import { countWords, type ReadmeDocument } from './document.js';
import { isBadge } from './check-kit.js';
import { htmlFacts, stripTags } from './html-fragments.js';

/**
 * The markdown README as GitHub reads it, from its CommonMark + GFM syntax tree (remark, see
 * parse-markdown.ts), plus the facts of any raw HTML in it. Slugs come from github-slugger in
 * document order, so duplicates get GitHub's `-1`, `-2`.
 */
export function markdownDocument(text: string, tree: Root): ReadmeDocument {
  const slugger = new GithubSlugger();
  const doc: ReadmeDocument = {
    format: 'markdown',
    lineCount: countLines(text),
    prose: '',
    title: null,
    headings: [],
    paragraphs: [],
    codeBlocks: [],
    links: [],
    images: [],
    explicitAnchors: new Set(),
    maxAnchorLinksInOneList: 0,
  };
  const definitions = new Map<string, string>();
  const prose: string[] = [];
  const anchorLinksPerList = new Map<Nodes, number>();

  // Definitions can come after their references, so they are collected first.
  walk(tree, (node) => {
    if (node.type === 'definition' && !definitions.has(node.identifier))
      definitions.set(node.identifier, node.url);
  });

  walk(tree, (node, outermostList) => {
    const line = node.position?.start.line ?? null;
    switch (node.type) {
      case 'heading':
        doc.headings.push({
          depth: node.depth,
          text: toString(node).trim(),
          line: line ?? 1,
          // GitHub slugs the rendered text, which has no image alt text.
          slug: slugger.slug(toString(node, { includeImageAlt: false })),
          html: false,
        });
        break;
      case 'paragraph':
        // List items are not a description (nor an opening line of one); quotes can be.
        if (outermostList) break;
        doc.paragraphs.push({
          text: toString(node, { includeImageAlt: false, includeHtml: false }).trim(),
          line: line ?? 1,
        });
        break;
      case 'code': {
        const start = node.position?.start.offset;
        const opening = start === undefined ? '' : text.slice(start, start + 3);
        doc.codeBlocks.push({
          lang: node.lang?.trim() || null,
          line: line ?? 1,
          fenced: opening === '```' || opening === '~~~',
        });
        return 'skip';
      }
      case 'link':
      case 'linkReference': {
        const url = node.type === 'link' ? node.url : definitions.get(node.identifier);
        if (url === undefined) break;
        doc.links.push({ url, text: toString(node).trim(), line });
        if (outermostList && url.startsWith('#'))
          anchorLinksPerList.set(outermostList, (anchorLinksPerList.get(outermostList) ?? 0) + 1);
        break;
      }
      case 'image':
      case 'imageReference': {
        const src = node.type === 'image' ? node.url : definitions.get(node.identifier);
        if (src !== undefined) doc.images.push({ src, alt: (node.alt ?? '').trim(), line });
        break;
      }
      case 'html':
        addHtml(doc, node.value, line ?? 1);
        prose.push(stripTags(node.value));
        break;
      case 'text':
      case 'inlineCode':
        prose.push(node.value);
        break;
    }
    return undefined;
  });

  doc.prose = prose.join(' ');
  // HTML facts were appended as met; the checks read headings and paragraphs in reading order.
  doc.headings.sort((a, b) => a.line - b.line);
  doc.paragraphs.sort((a, b) => a.line - b.line);
  doc.title = findTitle(doc);
  doc.maxAnchorLinksInOneList = Math.max(0, ...anchorLinksPerList.values());
  return doc;
}

/**
 * The title: a first heading of level 1 that no prose precedes (an h1 after the opening paragraphs
 * is a section, as fmt's "# Features"), or else a picture that opens the README with a text
 * alternative (a logo standing for the name, as fmt's "{fmt}").
 */
function findTitle(doc: ReadmeDocument): ReadmeDocument['title'] {
  const first = doc.headings[0];
  const firstProse = doc.paragraphs.find((paragraph) => countWords(paragraph.text) >= 3)?.line;
  if (first?.depth === 1 && (firstProse === undefined || firstProse > first.line))
    return { text: first.text, line: first.line };
  const logo = doc.images.find((image) => image.line !== null && image.line <= 2);
  if (
    logo?.line != null &&
    logo.alt.trim() &&
    !isBadge(logo.src) &&
    (first === undefined || first.line > logo.line) &&
    (firstProse === undefined || firstProse > logo.line)
  )
    return { text: logo.alt.trim(), line: logo.line };
  return null;
}

function addHtml(doc: ReadmeDocument, html: string, line: number): void {
  const facts = htmlFacts(html, line);
  for (const heading of facts.headings) doc.headings.push({ ...heading, slug: null, html: true });
  doc.paragraphs.push(...facts.paragraphs);
  doc.images.push(...facts.images);
  doc.links.push(...facts.links);
  for (const anchor of facts.anchors) doc.explicitAnchors.add(anchor);
}

/**
 * Depth-first, in document order, without recursion (deeply nested quotes or lists cannot overflow
 * the stack). The visitor learns the outermost list around each node and may skip a subtree.
 */
function walk(
  root: Root,
  visit: (node: Nodes, outermostList: Nodes | null) => 'skip' | void,
): void {
  const stack: Array<{ node: Nodes; list: Nodes | null }> = [{ node: root, list: null }];
  while (stack.length) {
    const { node, list } = stack.pop()!;
    if (visit(node, list) === 'skip') continue;
    if (!('children' in node)) continue;
    const childList = list ?? (node.type === 'list' ? node : null);
    for (let index = node.children.length - 1; index >= 0; index--)
      stack.push({ node: node.children[index] as Nodes, list: childList });
  }
}
