import type { ReadmeFormat } from '@rota/contracts';
import type { DocCodeBlock, DocHeading, ReadmeDocument } from './document.js';
import { SECTION_SYNONYMS, headingMatches, type SectionKind } from './synonyms.js';

/**
 * rst, AsciiDoc, Org and plain-text READMEs, read by a line scan: enough to find the title, the
 * section headings, code blocks, paragraphs and link targets the content checks need. Checks that
 * need markdown's structure are marked not applicable for these formats rather than guessed.
 */
export function countLines(text: string): number {
  if (!text) return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

type Format = Exclude<ReadmeFormat, 'markdown'>;

/** An rst section adornment: one punctuation character repeated. */
const ADORNMENT = /^([=\-`:'"~^_*+#<>.])\1{2,}\s*$/;

interface Scan {
  headings: DocHeading[];
  codeBlocks: DocCodeBlock[];
  /** Lines that are markup, code or headings: not paragraph text. */
  structural: Set<number>;
  title: { text: string; line: number } | null;
}

export function textDocument(text: string, format: Format): ReadmeDocument {
  const lines = text.split(/\r?\n/);
  const scan = scanStructure(lines, format);
  const paragraphs = collectParagraphs(lines, scan.structural);
  const proseLines = lines.filter((_, index) => !scan.codeLines.has(index));
  return {
    format,
    lineCount: countLines(text),
    prose: proseLines.join('\n'),
    title: scan.title,
    headings: scan.headings,
    paragraphs,
    codeBlocks: scan.codeBlocks,
    links: collectLinks(lines, format),
    images: collectImages(lines, format),
    explicitAnchors: new Set(),
    maxAnchorLinksInOneList: 0,
  };
}

function scanStructure(lines: string[], format: Format): Scan & { codeLines: Set<number> } {
  const headings: DocHeading[] = [];
  const codeBlocks: DocCodeBlock[] = [];
  const structural = new Set<number>();
  const codeLines = new Set<number>();
  const rstStyles: string[] = [];
  let title: Scan['title'] = null;
  let fence: RegExp | null = null;
  let pendingLang: string | null | undefined;

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const trimmed = line.trim();
    const lineNo = index + 1;
    if (fence) {
      structural.add(index);
      codeLines.add(index);
      if (fence.test(trimmed)) fence = null;
      continue;
    }
    // Delimited code: AsciiDoc ----/...., Org #+begin_src, markdown-style fences (Asciidoctor reads them).
    const opening = codeOpening(trimmed, format);
    if (opening) {
      codeBlocks.push({ lang: opening.lang ?? pendingLang ?? null, line: lineNo, fenced: true });
      pendingLang = undefined;
      fence = opening.close;
      structural.add(index);
      continue;
    }
    if (format === 'asciidoc') {
      const source = /^\[source\s*(?:,\s*([\w+#.-]+))?/i.exec(trimmed);
      if (source) {
        pendingLang = source[1] ?? null;
        structural.add(index);
        continue;
      }
    }
    // An indented block after a blank line or right under a heading's underline.
    const previous = index === 0 ? '' : lines[index - 1]!.trim();
    const indented = /^( {4}|\t)\S/.test(line) && (!previous || ADORNMENT.test(previous));
    const rstLiteral = format === 'rst' && /::\s*$/.test(lines[index - 2] ?? '');
    const rstDirective =
      format === 'rst' && /^\.\.\s+(?:code-block|code|sourcecode)::\s*(\S*)/.exec(trimmed);
    if (rstDirective) {
      codeBlocks.push({ lang: rstDirective[1] || null, line: lineNo, fenced: true });
      structural.add(index);
      index = skipIndented(lines, index + 1, structural, codeLines);
      continue;
    }
    if (indented && (format === 'text' || rstLiteral || format === 'rst')) {
      codeBlocks.push({ lang: null, line: lineNo, fenced: false });
      index = skipIndented(lines, index, structural, codeLines);
      continue;
    }
    if (format === 'text' && /^\$ \S/.test(trimmed)) {
      codeBlocks.push({ lang: null, line: lineNo, fenced: false });
      structural.add(index);
      codeLines.add(index);
      continue;
    }
    const heading = headingAt(lines, index, format, rstStyles);
    if (heading) {
      headings.push({
        depth: heading.depth,
        text: heading.text,
        line: lineNo,
        slug: null,
        html: false,
      });
      for (let covered = heading.from; covered <= heading.to; covered++) structural.add(covered);
      index = heading.to;
      continue;
    }
    if (format === 'org' && /^#\+title:/i.test(trimmed)) {
      title ??= { text: trimmed.replace(/^#\+title:\s*/i, ''), line: lineNo };
      structural.add(index);
      continue;
    }
    if (isMarkupLine(trimmed, format)) structural.add(index);
  }

  const first = headings[0];
  if (!title) {
    if (format === 'text') title = firstTextLine(lines);
    else if (first?.depth === 1) title = { text: first.text, line: first.line };
  }
  return { headings, codeBlocks, structural, codeLines, title };
}

function codeOpening(
  trimmed: string,
  format: Format,
): { lang: string | null; close: RegExp } | null {
  if (format === 'org') {
    const org = /^#\+begin_(src|example)\b\s*(\S*)/i.exec(trimmed);
    if (org) return { lang: org[2] || null, close: new RegExp(`^#\\+end_${org[1]}\\b`, 'i') };
    return null;
  }
  if (format === 'asciidoc' && /^(-{4,}|\.{4,})$/.test(trimmed))
    return { lang: null, close: new RegExp(`^${trimmed.replace(/\./g, '\\.')}$`) };
  const backticks = /^(`{3,}|~{3,})\s*([\w+#.-]*)/.exec(trimmed);
  if (backticks && format !== 'rst')
    return {
      lang: backticks[2] || null,
      close: new RegExp(`^${backticks[1]![0]}{${backticks[1]!.length},}\\s*$`),
    };
  return null;
}

function skipIndented(
  lines: string[],
  from: number,
  structural: Set<number>,
  codeLines: Set<number>,
): number {
  let index = from;
  while (index < lines.length && (!lines[index]!.trim() || /^(\s{2,}|\t)/.test(lines[index]!))) {
    structural.add(index);
    codeLines.add(index);
    index++;
  }
  return index - 1;
}

function headingAt(
  lines: string[],
  index: number,
  format: Format,
  rstStyles: string[],
): { depth: number; text: string; from: number; to: number } | null {
  const trimmed = lines[index]!.trim();
  if (!trimmed) return null;
  if (format === 'asciidoc') {
    const match = /^(={1,6}|#{1,6})\s+(\S.*)$/.exec(trimmed);
    return match
      ? { depth: match[1]!.length, text: match[2]!.trim(), from: index, to: index }
      : null;
  }
  if (format === 'org') {
    const match = /^(\*+)\s+(\S.*)$/.exec(lines[index]!);
    return match
      ? { depth: Math.min(6, match[1]!.length), text: match[2]!.trim(), from: index, to: index }
      : null;
  }
  // rst and plain text: a line underlined (and optionally overlined) with punctuation.
  if (ADORNMENT.test(trimmed)) {
    const text = lines[index + 1]?.trim();
    const under = lines[index + 2]?.trim();
    if (text && under && under === trimmed && !ADORNMENT.test(text))
      return { depth: rstDepth(rstStyles, `o${trimmed[0]}`), text, from: index, to: index + 2 };
    return null;
  }
  const under = lines[index + 1]?.trim() ?? '';
  if (
    ADORNMENT.test(under) &&
    under.length >= Math.min(trimmed.length, 3) &&
    !/^\s/.test(lines[index]!)
  )
    return {
      depth: rstDepth(rstStyles, `u${under[0]}`),
      text: trimmed,
      from: index,
      to: index + 1,
    };
  // Plain text has no heading syntax: a short line on its own naming a known section is one.
  const previousBlank = index === 0 || !lines[index - 1]!.trim();
  if (format === 'text' && previousBlank && trimmed.length <= 60 && !/[.,;]$/.test(trimmed)) {
    const kinds = Object.keys(SECTION_SYNONYMS) as SectionKind[];
    if (kinds.some((kind) => headingMatches(trimmed.replace(/:$/, ''), kind)))
      return { depth: 2, text: trimmed.replace(/:$/, ''), from: index, to: index };
  }
  return null;
}

/** rst levels are set by the order in which adornment styles first appear. */
function rstDepth(styles: string[], style: string): number {
  if (!styles.includes(style)) styles.push(style);
  return Math.min(6, styles.indexOf(style) + 1);
}

function isMarkupLine(trimmed: string, format: Format): boolean {
  if (format === 'rst')
    return /^\.\.\s/.test(trimmed) || /^:\w[\w -]*:/.test(trimmed) || ADORNMENT.test(trimmed);
  if (format === 'asciidoc') return /^(:\w[\w-]*:|\[.*\]$|image::|include::|\/\/)/.test(trimmed);
  if (format === 'org') return /^#\+/.test(trimmed);
  return false;
}

function firstTextLine(lines: string[]): { text: string; line: number } | null {
  const index = lines.findIndex((line) => line.trim());
  if (index === -1) return null;
  const text = lines[index]!.trim();
  return text.length <= 100 ? { text, line: index + 1 } : null;
}

function collectParagraphs(lines: string[], structural: Set<number>): ReadmeDocument['paragraphs'] {
  const paragraphs: ReadmeDocument['paragraphs'] = [];
  let current: { text: string[]; line: number } | null = null;
  lines.forEach((line, index) => {
    if (!line.trim() || structural.has(index)) {
      if (current) paragraphs.push({ text: current.text.join(' '), line: current.line });
      current = null;
      return;
    }
    current ??= { text: [], line: index + 1 };
    current.text.push(line.trim());
  });
  const last = current as { text: string[]; line: number } | null;
  if (last) paragraphs.push({ text: last.text.join(' '), line: last.line });
  return paragraphs;
}

const LINK_PATTERNS: Record<Format, RegExp[]> = {
  rst: [/`[^`<]*<([^>`]+)>`__?/g, /^\.\.\s+_[^:]+:\s*(\S+)/gm],
  asciidoc: [/\b(?:link|xref):([^\s[]+)\[/g],
  org: [/\[\[([^\]]+)\](?:\[[^\]]*\])?\]/g],
  text: [],
};

function collectLinks(lines: string[], format: Format): ReadmeDocument['links'] {
  const links: ReadmeDocument['links'] = [];
  lines.forEach((line, index) => {
    let rest = line;
    for (const pattern of LINK_PATTERNS[format]) {
      // Blank each markup link once taken, so its URL is not counted again as a bare URL.
      rest = rest.replace(pattern, (whole, target: string) => {
        links.push({ url: target.trim(), text: '', line: index + 1 });
        return ' '.repeat(whole.length);
      });
    }
    for (const match of rest.matchAll(/\bhttps?:\/\/[^\s<>\])`'"]+/g))
      links.push({ url: match[0], text: '', line: index + 1 });
  });
  return links;
}

function collectImages(lines: string[], format: Format): ReadmeDocument['images'] {
  const pattern: Record<Format, RegExp | null> = {
    rst: /^\.\.\s+(?:\|[^|]+\|\s+)?(?:image|figure)::\s*(\S+)/,
    asciidoc: /\bimage::?([^\s[]+)\[/,
    org: /\[\[(?:file:)?([^\]]+\.(?:png|jpe?g|gif|svg|webp))\]/i,
    text: null,
  };
  const images: ReadmeDocument['images'] = [];
  const regex = pattern[format];
  if (!regex) return images;
  lines.forEach((line, index) => {
    const match = regex.exec(line.trim());
    if (match) images.push({ src: match[1]!, alt: '', line: index + 1 });
  });
  return images;
}
