import type { ReadmeEvidence } from '@rota/contracts';
import { headingEvidence } from './check-kit.js';
import type { DocCodeBlock, ReadmeDocument } from './document.js';
import { LIMITS } from './rubric.js';
import { codeBlockText, showsUse } from './section-content.js';
import { foldText, headingMatches, isIntroHeading } from './synonyms.js';

/** Headings whose code is not the reader's use of the project: getting, building, developing it. */
const NOT_USE =
  /\b(?:build\w*|compil\w*|test\w*|develop\w*|contribut\w*|hack\w*|install\w*|derle\w*|gelistir\w*)\b/;

const headingAbove = (doc: ReadmeDocument, line: number) =>
  doc.headings.filter((heading) => heading.line < line).at(-1);

/** The headings a line sits under, nearest first (each one level or more above the last). */
function headingsAround(doc: ReadmeDocument, line: number) {
  const chain = [];
  for (const heading of doc.headings.filter((candidate) => candidate.line < line).reverse())
    if (!chain.length || heading.depth < chain.at(-1)!.depth) chain.push(heading);
  return chain;
}

function aboutUse(doc: ReadmeDocument, line: number): boolean {
  const heading = headingAbove(doc, line);
  if (!heading) return true;
  // Code in the project's introduction shows what it does (prettier's Input and Output under
  // "Intro"), not how to use it.
  if (headingsAround(doc, line).some((around) => isIntroHeading(around.text))) return false;
  const text = foldText(heading.text);
  // "Getting Started" names both installation and usage: a usage name keeps it about use.
  if (headingMatches(heading.text, 'usage')) return true;
  return (
    !NOT_USE.test(text) &&
    !(['installation', 'contributing', 'license', 'changelog', 'security'] as const).some((kind) =>
      headingMatches(heading.text, kind),
    )
  );
}

/** The first code block that shows use under a heading about using the project, with its heading. */
export function codeShowingUse(
  doc: ReadmeDocument,
  lines: readonly string[],
): ReadmeEvidence[] | undefined {
  // An untagged one-line fragment says too little to count as shown use, and markup or data (a
  // badge's markdown, a JSON reply) shows no use at all.
  const code = doc.codeBlocks.find(
    (block) =>
      !(block.lang && MARKUP.test(block.lang)) &&
      aboutUse(doc, block.line) &&
      showsUse(lines, block) &&
      (block.lang !== null || codeLines(lines, block) >= 2),
  );
  if (!code) return undefined;
  const heading = headingAbove(doc, code.line);
  return [...(heading ? [headingEvidence(heading)] : []), codeEvidence(code)];
}

/** Languages of markup and data: text to copy or read, not something run. */
const MARKUP =
  /^(?:md|markdown|html?|xml|svg|json|jsonc|ya?ml|toml|ini|csv|text|txt|plain|diff|output|log)$/i;

/** Languages of commands, data and configuration: their blocks are not programs. */
const NOT_PROGRAM =
  /^(?:sh|bash|shell|console|zsh|fish|powershell|ps1?|cmd|bat|text|txt|plain|toml|json|jsonc|ya?ml|ini|xml|diff|output|log)$/i;
/** Prose that calls the next block an example: "This minimal example…", "This program downloads…". */
const CALLED_EXAMPLE = /\b(?:examples?|program|sample|demo|ornek\w*)\b/;

/**
 * Code that is an example by content: a program that opens the README (sinatra's myapp.rb, serde's
 * Point), or a block the prose just before it calls an example or a program (okhttp's "This program
 * downloads a URL", the MCP SDK's "This minimal example").
 */
export function exampleCode(doc: ReadmeDocument, lines: readonly string[]): DocCodeBlock[] {
  const titleLine = doc.title?.line ?? 0;
  const openingEnd =
    doc.headings.filter((heading) => heading.line > titleLine)[1]?.line ?? Infinity;
  return doc.codeBlocks.filter((block) => {
    if (!block.lang || NOT_PROGRAM.test(block.lang) || !showsUse(lines, block)) return false;
    if (!aboutUse(doc, block.line)) return false;
    const opening =
      block.line > titleLine &&
      block.line < openingEnd &&
      block.line <= titleLine + LIMITS.usageCodeWithinLines;
    if (opening) return true;
    const before = lines
      .slice(Math.max(0, block.line - 4), block.line - 1)
      .filter((line) => !/^\s*(?:```|~~~)/.test(line))
      .join(' ');
    return CALLED_EXAMPLE.test(foldText(before));
  });
}

export const codeEvidence = (code: DocCodeBlock): ReadmeEvidence => ({
  kind: 'codeBlock',
  language: code.lang || null,
  fenced: code.fenced,
  line: code.line,
});

const codeLines = (lines: readonly string[], block: DocCodeBlock) =>
  codeBlockText(lines, block)
    .split('\n')
    .filter((line) => line.trim()).length;
