import type {
  ReadmeAnalysis,
  ReadmeCheck,
  ReadmeCheckId,
  ReadmeFormat,
  ReadmeNotice,
} from '@rota/contracts';
import type { RepoSnapshot, SnapshotFile } from '../snapshot/snapshot.js';
import { makeCheck, notApplicable, isBadge, type CheckContext } from './check-kit.js';
import * as content from './content-checks.js';
import { countWords, type ReadmeDocument } from './document.js';
import { collectRepoFacts, type RepoFacts } from '../facts/repo-facts.js';
import { findReadme, resolveSymlink, type ReadmeCandidate } from './find-readme.js';
import * as hygiene from './hygiene-checks.js';
import { licenseCheck } from './license-check.js';
import { summarizeLinks, treeIndex } from './links.js';
import { markdownDocument } from './markdown-document.js';
import { MarkdownParserUnavailable, parseMarkdownIsolated } from './parse-markdown.js';
import { LIMITS, RUBRIC } from './rubric.js';
import { textDocument } from './text-document.js';

type CheckFunction = (context: CheckContext) => ReadmeCheck | Promise<ReadmeCheck>;

const CHECKS: Record<ReadmeCheckId, CheckFunction> = {
  title: content.titleCheck,
  description: content.descriptionCheck,
  badges: content.badgesCheck,
  installation: content.installationCheck,
  usage: content.usageCheck,
  examples: content.examplesCheck,
  configuration: content.configurationCheck,
  apiDocs: content.apiDocsCheck,
  tableOfContents: content.tableOfContentsCheck,
  contributing: content.contributingCheck,
  license: licenseCheck,
  security: content.securityCheck,
  changelog: content.changelogCheck,
  headingLevels: hygiene.headingLevelsCheck,
  singleH1: hygiene.singleH1Check,
  codeLanguages: hygiene.codeLanguagesCheck,
  imageAlt: hygiene.imageAltCheck,
  links: hygiene.linksCheck,
  length: hygiene.lengthCheck,
  templateText: hygiene.templateTextCheck,
};

const MAX_OUTLINE = 500;
const MAX_IMAGES = 200;

/**
 * Scores the README GitHub would show against the published rubric (docs/metrics.md). Nothing in
 * the README is executed or fetched; a missing README, a huge one or one that does not parse gives a
 * result that says so, never an exception.
 */
export interface ReadmeOptions {
  /** Bytes of the README analysed (default 1 MiB). */
  maxReadBytes?: number;
  /** Time allowed to parse the markdown before it is read as plain text (default 5 s + 20 ms per KiB). */
  parseTimeoutMs?: number;
  /** The snapshot's shared facts (license files, paths); collected here when not given. */
  facts?: RepoFacts;
}

type Settings = {
  maxReadBytes: number;
  parseTimeoutMs: number | undefined;
  facts: RepoFacts | undefined;
};

export async function analyzeReadme(
  snapshot: RepoSnapshot,
  options: ReadmeOptions = {},
): Promise<ReadmeAnalysis> {
  const settings: Settings = {
    maxReadBytes: options.maxReadBytes ?? LIMITS.maxReadBytes,
    parseTimeoutMs: options.parseTimeoutMs,
    facts: options.facts,
  };
  const { candidates } = findReadme(snapshot);
  for (const candidate of candidates) {
    const file = candidate.symlink
      ? await resolveSymlink(snapshot, candidate.path)
      : snapshot.file(candidate.path);
    if (!file) continue;
    const others = candidates.filter((other) => other !== candidate).map((other) => other.path);
    return analyzeFile(snapshot, candidate, file, others, settings);
  }
  return missingReadme(candidates.map((candidate) => candidate.path));
}

async function readCapped(
  snapshot: RepoSnapshot,
  file: SnapshotFile,
  maxReadBytes: number,
): Promise<{ text: string; bytes: number; notices: ReadmeNotice[] }> {
  if (file.size > LIMITS.maxBlobBytes) return { text: '', bytes: 0, notices: ['tooLarge'] };
  const blob = (await snapshot.readBlob(file, LIMITS.maxBlobBytes)) ?? Buffer.alloc(0);
  if (blob.length <= maxReadBytes)
    return { text: stripBom(blob.toString('utf8')), bytes: blob.length, notices: [] };
  // Cut at a line end inside the cap, so no line is read half; with no line end near the cap, cut
  // at a character boundary instead (never inside a UTF-8 sequence).
  let bytes = blob.lastIndexOf(10, maxReadBytes - 1) + 1;
  if (bytes < maxReadBytes - 64 * 1024) {
    bytes = maxReadBytes;
    while (bytes > 0 && (blob[bytes]! & 0xc0) === 0x80) bytes--;
  }
  return {
    text: stripBom(blob.subarray(0, bytes).toString('utf8')),
    bytes,
    notices: ['truncated'],
  };
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

async function parse(
  text: string,
  format: ReadmeFormat,
  notices: ReadmeNotice[],
  options: Settings,
): Promise<ReadmeDocument> {
  if (format !== 'markdown') {
    notices.push('notMarkdown');
    return textDocument(text, format);
  }
  try {
    const tree = await parseMarkdownIsolated(text, options.parseTimeoutMs);
    if (tree) return markdownDocument(text, tree);
  } catch (error) {
    // No parser at all is this installation's fault: said as such, never blamed on the README.
    if (error instanceof MarkdownParserUnavailable) throw error;
    // Otherwise fall through: a README must never break the analysis.
  }
  // Too slow, too deep or unparsable as markdown: what can be read as text still is.
  notices.push('parseFailed');
  return textDocument(text, 'text');
}

async function analyzeFile(
  snapshot: RepoSnapshot,
  candidate: ReadmeCandidate,
  file: SnapshotFile,
  otherCandidates: string[],
  options: Settings,
): Promise<ReadmeAnalysis> {
  const read = await readCapped(snapshot, file, options.maxReadBytes);
  const notices = [...read.notices];
  const doc = await parse(read.text, candidate.format, notices, options);
  const markdown = doc.format === 'markdown';
  // Links resolve from where the README is shown (a symlinked README is shown at the link's place).
  const links = summarizeLinks(doc, candidate.path, treeIndex(snapshot));
  if (!markdown) Object.assign(links, { broken: [], brokenCount: 0 });
  const facts = options.facts ?? (await collectRepoFacts(snapshot));
  const context: CheckContext = {
    doc,
    source: read.text,
    readmePath: candidate.path,
    links,
    paths: facts.paths,
    licenseFiles: facts.licenseFiles,
  };
  const checks: ReadmeCheck[] = [];
  for (const entry of RUBRIC) {
    checks.push(
      entry.markdownOnly && !markdown ? notApplicable(entry.id) : await CHECKS[entry.id](context),
    );
  }
  const codeLanguages = new Map<string, number>();
  for (const block of doc.codeBlocks)
    if (block.lang) codeLanguages.set(block.lang, (codeLanguages.get(block.lang) ?? 0) + 1);
  return {
    found: true,
    readme: {
      path: candidate.path,
      format: candidate.format,
      size: file.size,
      bytesAnalyzed: read.bytes,
      truncated: notices.includes('truncated'),
      symlinkTarget: candidate.symlink ? file.path : null,
    },
    otherCandidates,
    ...score(checks),
    checks,
    notices,
    wordCount: countWords(doc.prose),
    lineCount: doc.lineCount,
    outline: doc.headings
      .slice(0, MAX_OUTLINE)
      .map(({ depth, text, line, slug }) => ({ depth, text, line, slug })),
    links: {
      total: links.total,
      external: links.external,
      relative: links.relative,
      anchors: links.anchors,
      broken: links.broken,
    },
    images: doc.images.slice(0, MAX_IMAGES).map((image) => ({
      src: image.src,
      alt: image.alt,
      line: image.line,
      badge: isBadge(image.src),
    })),
    imageCount: doc.images.length,
    codeBlocks: {
      total: doc.codeBlocks.length,
      untagged: doc.codeBlocks.filter((block) => !block.lang).length,
      languages: [...codeLanguages]
        .map(([language, count]) => ({ language, count }))
        .sort((a, b) => b.count - a.count || (a.language < b.language ? -1 : 1)),
    },
  };
}

function score(checks: ReadmeCheck[]): { score: number; points: number; maxPoints: number } {
  const applicable = checks.filter((check) => check.status !== 'notApplicable');
  const points = applicable.reduce((sum, check) => sum + check.points, 0);
  const maxPoints = applicable.reduce((sum, check) => sum + check.maxPoints, 0);
  return { score: maxPoints ? Math.round((100 * points) / maxPoints) : 0, points, maxPoints };
}

/** No README: every check fails with its own advice, so the page reads as a to-do list for writing one. */
function missingReadme(danglingCandidates: string[]): ReadmeAnalysis {
  const checks = RUBRIC.map((entry) => makeCheck(entry.id, 'failed'));
  return {
    found: false,
    readme: null,
    otherCandidates: danglingCandidates,
    ...score(checks),
    checks,
    notices: ['notFound'],
    wordCount: 0,
    lineCount: 0,
    outline: [],
    links: { total: 0, external: 0, relative: 0, anchors: 0, broken: [] },
    images: [],
    imageCount: 0,
    codeBlocks: { total: 0, untagged: 0, languages: [] },
  };
}
