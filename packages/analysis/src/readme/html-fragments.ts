/**
 * READMEs often use raw HTML for their header (`<h1 align="center">`, `<p>` descriptions, `<img>`
 * badges, `<a name>` anchors). GitHub renders it, so the checks must see it too. These patterns only
 * extract facts from text that is never rendered or executed here, so regular expressions suffice;
 * anything they miss is simply not counted.
 */
export interface HtmlFacts {
  headings: Array<{ depth: number; text: string; line: number }>;
  paragraphs: Array<{ text: string; line: number }>;
  images: Array<{ src: string; alt: string; line: number }>;
  links: Array<{ url: string; text: string; line: number }>;
  anchors: string[];
}

const ATTRIBUTE = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;

export function parseAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name))
      attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function stripTags(html: string): string {
  return decodeEntities(html.replace(/<[^<>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

export function htmlFacts(html: string, startLine: number): HtmlFacts {
  const lineAt = lineLocator(html, startLine);
  const facts: HtmlFacts = { headings: [], paragraphs: [], images: [], links: [], anchors: [] };
  // Comments hide their content from the rendered page.
  const visible = html.replace(/<!--[\s\S]*?(-->|$)/g, (comment) => comment.replace(/[^\n]/g, ' '));
  // One linear pass over the tags (`[^<>]*` cannot backtrack across tags), pairing open and close
  // tags of headings and paragraphs, so no input can make this quadratic.
  const open = new Map<string, { index: number; end: number }>();
  for (const match of visible.matchAll(/<(\/?)([a-z][a-z0-9-]*)([^<>]*)>/gi)) {
    const [tag, closing, rawName, rest] = match as unknown as [string, string, string, string];
    const name = rawName.toLowerCase();
    const isBlock = /^h[1-6]$/.test(name) || name === 'p';
    if (closing) {
      const start = open.get(name);
      if (!isBlock || !start) continue;
      open.delete(name);
      const text = stripTags(visible.slice(start.end, match.index));
      if (name === 'p') facts.paragraphs.push({ text, line: lineAt(start.index) });
      else facts.headings.push({ depth: Number(name[1]), text, line: lineAt(start.index) });
      continue;
    }
    if (isBlock) open.set(name, { index: match.index, end: match.index + tag.length });
    const attributes = parseAttributes(rest);
    if (name === 'img') {
      facts.images.push({
        src: attributes.get('src') ?? '',
        alt: (attributes.get('alt') ?? '').trim(),
        line: lineAt(match.index),
      });
    }
    if (name === 'a') {
      const href = attributes.get('href');
      if (href !== undefined) facts.links.push({ url: href, text: '', line: lineAt(match.index) });
      const anchorName = attributes.get('name');
      if (anchorName) facts.anchors.push(anchorName);
    }
    const id = attributes.get('id');
    if (id) facts.anchors.push(id);
  }
  // An unclosed <p> still shows its text (browsers close it implicitly).
  const paragraph = open.get('p');
  if (paragraph)
    facts.paragraphs.push({
      text: stripTags(visible.slice(paragraph.end)),
      line: lineAt(paragraph.index),
    });
  return facts;
}

/** Line of a character index, by binary search over the newline positions (found once). */
export function lineLocator(text: string, startLine = 1): (index: number) => number {
  const newlines: number[] = [];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1))
    newlines.push(index);
  return (index) => {
    let low = 0;
    let high = newlines.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (newlines[middle]! < index) low = middle + 1;
      else high = middle;
    }
    return startLine + low;
  };
}
