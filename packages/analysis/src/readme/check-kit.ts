import path from 'node:path/posix';
import type {
  LicenseFile,
  ReadmeCheck,
  ReadmeCheckId,
  ReadmeEvidence,
  ReadmeLinksSummary,
} from '@rota/contracts';
import type { DocHeading, ReadmeDocument } from './document.js';
import { rubricEntry } from './rubric.js';
import { headingMatches, type SectionKind } from './synonyms.js';

/** Everything a check may look at; built once per analysis. */
export interface CheckContext {
  doc: ReadmeDocument;
  /** The README text analysed (after the read cap). */
  source: string;
  readmePath: string;
  /** Links resolved against the tree (for markdown; other formats' links are only counted). */
  links: ReadmeLinksSummary & { brokenCount: number };
  /** Files of the tree, for "the file exists but the README does not point to it". */
  paths: readonly string[];
  /** The repository's license files, identified once for every analysis (facts/repo-facts.ts). */
  licenseFiles: readonly LicenseFile[];
}

const MAX_EVIDENCE = 20;

/**
 * Builds a check from its outcome; points follow the rubric (a partial result earns half). No
 * sentence is stored: the web says the verdict, advice and evidence in the reader's language.
 */
export function makeCheck(
  id: ReadmeCheckId,
  status: ReadmeCheck['status'],
  evidence: ReadmeEvidence[] = [],
  suggestionKey?: string,
): ReadmeCheck {
  const entry = rubricEntry(id);
  const points =
    status === 'passed'
      ? entry.maxPoints
      : status === 'partial'
        ? Math.floor(entry.maxPoints / 2)
        : 0;
  return {
    id,
    status,
    passed: status === 'passed',
    points,
    maxPoints: entry.maxPoints,
    evidence: evidence.slice(0, MAX_EVIDENCE),
    suggestionKey:
      status === 'passed' || status === 'notApplicable'
        ? null
        : (suggestionKey ?? entry.suggestionKeys[0]),
  };
}

/** Text seen in the README or a path of the tree, shown as it is. */
export const quote = (text: string, line: number | null): ReadmeEvidence => ({
  kind: 'quote',
  text,
  line,
});

export function notApplicable(id: ReadmeCheckId): ReadmeCheck {
  return makeCheck(id, 'notApplicable');
}

export interface Section {
  heading: DocHeading;
  /** First line after the section (exclusive), or Infinity for the last section. */
  endLine: number;
}

/** Where each heading's section ends, found once per document with a stack (linear in headings). */
const sectionEndsCache = new WeakMap<ReadmeDocument, number[]>();

function sectionEnds(doc: ReadmeDocument): number[] {
  let ends = sectionEndsCache.get(doc);
  if (ends) return ends;
  ends = new Array<number>(doc.headings.length).fill(Infinity);
  const open: number[] = [];
  doc.headings.forEach((heading, index) => {
    while (open.length && doc.headings[open.at(-1)!]!.depth >= heading.depth)
      ends![open.pop()!] = heading.line;
    open.push(index);
  });
  sectionEndsCache.set(doc, ends);
  return ends;
}

/**
 * Sections whose heading names `kind`: a section runs to the next heading of the same or a higher
 * level, so its sub-sections (and their code blocks) belong to it. The title is never a section.
 */
export function findSections(doc: ReadmeDocument, kind: SectionKind): Section[] {
  const ends = sectionEnds(doc);
  const sections: Section[] = [];
  doc.headings.forEach((heading, index) => {
    if (doc.title && heading.line === doc.title.line) return;
    if (headingMatches(heading.text, kind)) sections.push({ heading, endLine: ends[index]! });
  });
  return sections;
}

/** The first of `items` (sorted by line) inside the section, by binary search. */
export function firstInSection<T extends { line: number | null }>(
  section: Section,
  items: readonly T[],
): T | undefined {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((items[middle]!.line ?? 0) <= section.heading.line) low = middle + 1;
    else high = middle;
  }
  const candidate = items[low];
  return candidate?.line != null && candidate.line < section.endLine ? candidate : undefined;
}

/** The section's body; `lines` is the README split once by the caller. */
export function sectionText(lines: readonly string[], section: Section): string {
  const end = Number.isFinite(section.endLine) ? section.endLine - 1 : lines.length;
  return lines.slice(section.heading.line, end).join('\n');
}

export function headingEvidence(heading: DocHeading): ReadmeEvidence {
  return quote(heading.text, heading.line);
}

/** Links whose target file's name starts with one of `names` (CONTRIBUTING.md, docs/SECURITY...). */
export function linksToFileNamed(doc: ReadmeDocument, names: readonly string[]): ReadmeEvidence[] {
  return doc.links
    .filter((link) => {
      const target = link.url.replace(/[?#].*$/s, '').replace(/\/+$/, '');
      const base = path.basename(target).toLowerCase();
      return names.some((name) => base === name || base.startsWith(`${name}.`));
    })
    .map((link) => quote(link.url, link.line));
}

/** Tree files (in the community places: root, .github/, docs/) whose name starts with one of `names`. */
export function communityFilesNamed(paths: readonly string[], names: readonly string[]): string[] {
  return paths.filter((file) => {
    const directory = path.dirname(file);
    if (!['.', '.github', 'docs'].includes(directory)) return false;
    const base = path.basename(file).toLowerCase();
    return names.some((name) => base === name || base.startsWith(`${name}.`));
  });
}

const BADGE =
  /shields\.io|badgen\.net|badge\.fury\.io|badge|travis-ci\.(?:org|com)|codecov\.io|coveralls\.io|\.svg\?branch=|goreportcard\.com|\/status\.svg|build-status/i;

export function isBadge(src: string): boolean {
  return BADGE.test(src);
}
