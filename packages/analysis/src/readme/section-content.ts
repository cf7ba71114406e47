import type { DocCodeBlock, DocImage, ReadmeDocument } from './document.js';
import { countWords } from './document.js';
import { LIMITS } from './rubric.js';
import { findSections, firstInSection, isBadge, sectionText, type Section } from './check-kit.js';

/**
 * What a section holds for its reader, judged by content rather than by its heading's word: code,
 * prose (words outside links, images, HTML tags and sub-headings) and pictures that show the
 * product. A section with only badges, logos or links holds none of these.
 */
export interface SectionContent {
  code: DocCodeBlock | undefined;
  proseWords: number;
  screenshots: DocImage[];
  /** Only a few words around a link: the section points elsewhere rather than telling. */
  pointer: boolean;
}

const FENCED = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n {0,3}\1[`~]*[ \t]*(?=\n|$)|$)/gm;
const IMAGE = /!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])/g;
const LINK = /\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])/g;
/** AsciiDoc `link:x[text]`, `https://x[text]`, and reStructuredText `` `text <url>`_ ``. */
const MARKUP_LINK = /\b(?:link|https?):\S*?\[[^\]]*\]|`[^`<]*<[^>]+>`__?/g;
const DEFINITION = /^ {0,3}\[[^\]]+\]:\s*\S+.*$/gm;
const HTML_LINK = /<a\b[^>]*>[\s\S]*?<\/a\s*>/gi;
const TAG = /<[^>]+>/g;
const HEADING = /^ {0,3}#{1,6}\s.*$|^[=-]{3,}\s*$/gm;
const URL = /\bhttps?:\/\/\S+/g;
const IMAGE_FILE = /\.(?:png|jpe?g|gif|svg|webp|avif)(?:[?#]|$)/i;

/** Words of prose in a section's text: links, images, code and markup count for nothing. */
export function proseWords(text: string): number {
  return countWords(
    text
      .replace(FENCED, ' ')
      .replace(IMAGE, ' ')
      .replace(HTML_LINK, ' ')
      .replace(LINK, ' ')
      .replace(MARKUP_LINK, ' ')
      .replace(DEFINITION, ' ')
      .replace(TAG, ' ')
      .replace(HEADING, ' ')
      .replace(URL, ' '),
  );
}

/**
 * An image that shows the product: not a badge, not a logo, icon or banner by its name, and not a
 * picture wrapped in a link to a page (a sponsor's or author's logo leads to their site; a
 * screenshot links to itself, if anywhere).
 */
export function isScreenshot(doc: ReadmeDocument, image: DocImage): boolean {
  if (!image.src || isBadge(image.src)) return false;
  if (/logo|icon|banner|sponsor|avatar/i.test(`${image.src} ${image.alt}`)) return false;
  // Charts and contributor walls show numbers or people, not the product in use.
  if (
    /benchmark|chart|graph|contributors|opencollective|star-history|made by/i.test(
      `${image.src} ${image.alt}`,
    )
  )
    return false;
  const wrapped = doc.links.find(
    (link) => link.line === image.line && link.text === image.alt && link.url !== image.src,
  );
  return !wrapped || IMAGE_FILE.test(wrapped.url);
}

export function sectionContent(
  doc: ReadmeDocument,
  lines: readonly string[],
  section: Section,
): SectionContent {
  const inSection = (line: number | null) =>
    line !== null && line > section.heading.line && line < section.endLine;
  const words = proseWords(sectionText(lines, section));
  const code = firstInSection(section, doc.codeBlocks);
  const linked = doc.links.some((link) => inSection(link.line));
  return {
    code,
    proseWords: words,
    screenshots: doc.images.filter((image) => inSection(image.line) && isScreenshot(doc, image)),
    pointer: !code && linked && words < LIMITS.pointerMaxWords,
  };
}

/** The sections named `kind` that hold something for the reader (code, prose or screenshots). */
export function sectionsWithContent(
  doc: ReadmeDocument,
  lines: readonly string[],
  kind: Parameters<typeof findSections>[1],
  minWords: number,
): Array<{ section: Section; content: SectionContent }> {
  return findSections(doc, kind)
    .map((section) => ({ section, content: sectionContent(doc, lines, section) }))
    .filter(
      ({ content }) =>
        content.code !== undefined ||
        content.proseWords >= minWords ||
        content.screenshots.length > 0,
    );
}

/** A code block's text: a fenced block up to its closing fence, an indented one while indented. */
export function codeBlockText(lines: readonly string[], block: DocCodeBlock): string {
  const out: string[] = [];
  if (block.fenced) {
    for (let index = block.line; index < lines.length; index++) {
      if (/^ {0,3}(?:`{3,}|~{3,})\s*$/.test(lines[index]!)) break;
      out.push(lines[index]!);
    }
  } else {
    for (let index = block.line - 1; index < lines.length; index++) {
      if (!/^(?: {4}|\t)|^\s*$/.test(lines[index]!)) break;
      out.push(lines[index]!);
    }
  }
  return out.join('\n');
}

/** Commands that install or build something: code that shows how to get it, not how to use it. */
const INSTALL =
  /^\s*(?:\$\s*)?(?:[%>]\s*)?(?:sudo\s+)?(?:pip3?|python3?\s+-m\s+pip|uv|pipx|poetry|npm|npx|yarn|pnpm|bun|go\s+(?:get|install)|cargo\s+(?:install|add|build)|brew|port|apt(?:-get)?|dnf|yum|pacman|apk|choco|scoop|winget|snap|gem|bundle|composer|dotnet\s+add|nuget|conda|mamba|git\s+clone|make|cmake|docker\s+pull|curl|wget)\b/m;

/** Whether a code block only installs or builds: every line is such a command. */
export function installsOnly(lines: readonly string[], block: DocCodeBlock): boolean {
  const body = codeBlockText(lines, block)
    .split('\n')
    .filter((line) => line.trim() && !/^\s*(?:#|\/\/)/.test(line));
  return body.length > 0 && body.every((line) => INSTALL.test(line));
}

/** Whether a code block shows use: it has lines, and they are not all install or build commands. */
export function showsUse(lines: readonly string[], block: DocCodeBlock): boolean {
  const body = codeBlockText(lines, block)
    .split('\n')
    .filter((line) => line.trim() && !/^\s*(?:#|\/\/)/.test(line));
  return body.length > 0 && !body.every((line) => INSTALL.test(line));
}

/**
 * A dependency declaration: Cargo.toml's `[dependencies]`, Gradle's `implementation(…)`, Maven's
 * `<dependency>`, a .csproj `<PackageReference>`: how a library is installed into a project.
 */
const DEPENDENCY =
  /^\s*\[(?:dev-|build-)?dependencies\]|^\s*(?:implementation|api|compile|testImplementation)\s*[("']|<dependency>|<PackageReference\b/m;

export function declaresDependency(lines: readonly string[], block: DocCodeBlock): boolean {
  return DEPENDENCY.test(codeBlockText(lines, block));
}
