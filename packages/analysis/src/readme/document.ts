import type { ReadmeFormat } from '@rota/contracts';

/**
 * What the checks read: one shape for every README format, built from the markdown syntax tree or,
 * for rst, AsciiDoc, Org and plain text, from a line scan. Lines are 1-based.
 */
export interface DocHeading {
  depth: number;
  text: string;
  line: number;
  /** GitHub's anchor; null for raw HTML headings and non-markdown formats. */
  slug: string | null;
  /** Written as raw HTML (`<h1>`), which GitHub renders but gives no anchor. */
  html: boolean;
}

export interface DocParagraph {
  /** Text without images (badges are images). */
  text: string;
  line: number;
}

export interface DocCodeBlock {
  lang: string | null;
  line: number;
  /** Indented code blocks cannot carry a language. */
  fenced: boolean;
}

export interface DocLink {
  url: string;
  text: string;
  line: number | null;
}

export interface DocImage {
  src: string;
  alt: string;
  line: number | null;
}

export interface ReadmeDocument {
  format: ReadmeFormat;
  lineCount: number;
  /** Prose without code: what word counts and template text scans read. */
  prose: string;
  title: { text: string; line: number } | null;
  headings: DocHeading[];
  paragraphs: DocParagraph[];
  codeBlocks: DocCodeBlock[];
  links: DocLink[];
  images: DocImage[];
  /** Explicit anchors: `<a name>` and `id` attributes in raw HTML. */
  explicitAnchors: Set<string>;
  /** The most links to `#anchors` found in a single list: a table of contents has several. */
  maxAnchorLinksInOneList: number;
}

export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)?.length ?? 0;
}
