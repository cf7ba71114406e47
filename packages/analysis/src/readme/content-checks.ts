import type { ReadmeCheck, ReadmeCheckId, ReadmeEvidence } from '@rota/contracts';
import {
  communityFilesNamed,
  findSections,
  headingEvidence,
  isBadge,
  linksToFileNamed,
  makeCheck,
  quote,
  sectionText,
  type CheckContext,
} from './check-kit.js';
import { countWords, type DocCodeBlock } from './document.js';
import { codeEvidence, codeShowingUse, exampleCode } from './code-use.js';
import { isSecurityPolicy, statedInProse } from './prose-statements.js';
import {
  declaresDependency,
  installsOnly,
  isScreenshot,
  sectionsWithContent,
  showsUse,
} from './section-content.js';
import { LIMITS, rubricEntry } from './rubric.js';
import { foldText, headingMatches, isIntroHeading, type SectionKind } from './synonyms.js';

/** The checks of what a README tells its reader (sections, title, description, badges). */
export function titleCheck({ doc }: CheckContext): ReadmeCheck {
  if (!doc.title) return makeCheck('title', 'failed');
  return makeCheck('title', 'passed', [quote(doc.title.text, doc.title.line)]);
}

/** A sentence that says what the project is: "Gin is a…", "{fmt} is an…", "Serde is a…". */
const DEFINITION = /^\W*\S+(?:\s+\S+){0,3}?\s+(?:is|are)\s+(?:an?|the)\s/i;

/**
 * The description: the first paragraph near the top that is either the title's own intro (before
 * any section), under a heading that introduces the project, or a sentence saying what the project
 * is, so an announcement or a logo before it does not hide it.
 */
export function descriptionCheck({ doc }: CheckContext): ReadmeCheck {
  const after = doc.title?.line ?? 0;
  const nextHeading = doc.headings.find((heading) => heading.line > after)?.line ?? Infinity;
  const headingOf = (line: number) => doc.headings.filter((heading) => heading.line < line).at(-1);
  const paragraph = doc.paragraphs.find((candidate) => {
    if (candidate.line <= after || candidate.line > after + LIMITS.descriptionIntroWithinLines)
      return false;
    if (countWords(candidate.text) < LIMITS.descriptionMinWords) return false;
    if (candidate.line < nextHeading && candidate.line <= after + LIMITS.descriptionWithinLines)
      return true;
    // Further down (a banner of HTML, an announcement first), only what says it introduces.
    if (DEFINITION.test(candidate.text)) return true;
    const heading = headingOf(candidate.line);
    return heading !== undefined && isIntroHeading(heading.text);
  });
  if (!paragraph) return makeCheck('description', 'failed');
  return makeCheck('description', 'passed', [quote(paragraph.text.slice(0, 200), paragraph.line)]);
}

export function badgesCheck({ doc }: CheckContext): ReadmeCheck {
  const badges = doc.images.filter((image) => isBadge(image.src));
  if (!badges.length) return makeCheck('badges', 'failed');
  return makeCheck(
    'badges',
    'passed',
    badges.map((badge) => quote(badge.alt || badge.src, badge.line)),
  );
}

/**
 * Installation: a section named so holding a code block passes, one holding only prose earns half;
 * a section with nothing for the reader (empty, or only images, badges and links) counts as none.
 */
export function installationCheck({ doc, source }: CheckContext): ReadmeCheck {
  const lines = source.split('\n');
  const [addKey, addCodeKey] = rubricEntry('installation').suggestionKeys;
  const named = findSections(doc, 'installation');
  const sections = sectionsWithContent(doc, lines, 'installation', LIMITS.sectionMinWords);
  for (const { section, content } of sections) {
    if (content.code)
      return makeCheck('installation', 'passed', [
        headingEvidence(section.heading),
        codeEvidence(content.code),
      ]);
  }
  const declared = doc.codeBlocks.find((code) => declaresDependency(lines, code));
  if (sections.length && !declared)
    return makeCheck(
      'installation',
      'partial',
      sections.map(({ section }) => headingEvidence(section.heading)),
      addCodeKey,
    );
  // Without such a section, the opening may give the command itself (sinatra: "Install the gems
  // needed:" and `gem install sinatra rackup puma`), in the same window usage reads.
  const command = openingCodeBlocks(doc).find((code) => installsOnly(lines, code));
  if (command) return makeCheck('installation', 'passed', [codeEvidence(command)]);
  // A dependency declaration under any heading installs the library (serde's Cargo.toml lines,
  // okhttp's Gradle coordinates under "Releases").
  if (declared) return makeCheck('installation', 'passed', [codeEvidence(declared)]);
  return makeCheck('installation', 'failed', [], named.length ? addCodeKey : addKey);
}

/** Code blocks of the README's opening: after the title, before its second section, near the top. */
function openingCodeBlocks(doc: CheckContext['doc']): DocCodeBlock[] {
  const titleLine = doc.title?.line ?? 0;
  const openingEnd =
    doc.headings.filter((heading) => heading.line > titleLine)[1]?.line ?? Infinity;
  return doc.codeBlocks.filter(
    (code) =>
      code.line > titleLine &&
      code.line < openingEnd &&
      code.line <= titleLine + LIMITS.usageCodeWithinLines,
  );
}

/**
 * Usage passes on content that shows the reader how to use the project: a section named like
 * usage (quick start, getting started) holding code or prose; or, under any heading or none, a
 * code block in the README's opening (the intro and its first section) or in an examples section
 * that shows use (not only install or build commands). Installation sections never count, and a usage section with only
 * images, badges or links is none.
 */
export function usageCheck({ doc, source }: CheckContext): ReadmeCheck {
  const lines = source.split('\n');
  const [addKey, addCodeKey] = rubricEntry('usage').suggestionKeys;
  const named = findSections(doc, 'usage');
  const sections = sectionsWithContent(doc, lines, 'usage', LIMITS.sectionMinWords);
  for (const { section, content } of sections)
    if (content.code)
      return makeCheck('usage', 'passed', [
        headingEvidence(section.heading),
        codeEvidence(content.code),
      ]);
  const installing = findSections(doc, 'installation');
  const inInstallation = (line: number) =>
    installing.some((section) => line > section.heading.line && line < section.endLine);
  // The README's opening: after the title, before its second section begins (the intro and the
  // first section), and within usageCodeWithinLines.
  const nearTop = openingCodeBlocks(doc).find(
    (code) => !inInstallation(code.line) && showsUse(lines, code),
  );
  if (nearTop) return makeCheck('usage', 'passed', [codeEvidence(nearTop)]);
  for (const section of findSections(doc, 'examples')) {
    const code = doc.codeBlocks.find(
      (block) =>
        block.line > section.heading.line &&
        block.line < section.endLine &&
        !inInstallation(block.line) &&
        showsUse(lines, block),
    );
    if (code)
      return makeCheck('usage', 'passed', [headingEvidence(section.heading), codeEvidence(code)]);
  }
  // A usage section in prose passes, unless it only points elsewhere ("For usage, see the
  // documentation"): that tells the reader where usage is, not how to use the project.
  const told = sections.filter(({ content }) => !content.pointer);
  if (told.length)
    return makeCheck(
      'usage',
      'passed',
      told.map(({ section }) => headingEvidence(section.heading)),
    );
  // Code that shows use under a heading of its own ("Running Redis", "Get a URL").
  const shown = codeShowingUse(doc, lines);
  if (shown) return makeCheck('usage', 'passed', shown);
  if (sections.length)
    return makeCheck(
      'usage',
      'partial',
      sections.map(({ section }) => headingEvidence(section.heading)),
      addCodeKey,
    );
  return makeCheck('usage', 'failed', [], named.length ? addCodeKey : addKey);
}

/**
 * A section of this kind, or the alternatives (links, screenshots). For examples and configuration
 * the section must hold something for the reader (code, prose or screenshots), so a heading over
 * nothing but logos or links is none; for the others a link is what the section is for.
 */
function sectionCheck(
  context: CheckContext,
  id: ReadmeCheckId & SectionKind,
  alternatives: ReadmeEvidence[] = [],
): ReadmeCheck {
  const sections =
    id === 'examples' || id === 'configuration'
      ? sectionsWithContent(
          context.doc,
          context.source.split('\n'),
          id,
          LIMITS.sectionMinWords,
        ).map(({ section }) => section)
      : findSections(context.doc, id).filter(
          (section) =>
            id !== 'security' ||
            isSecurityPolicy(
              section.heading.text,
              sectionText(context.source.split('\n'), section),
            ),
        );
  if (sections.length)
    return makeCheck(
      id,
      'passed',
      sections.map((s) => headingEvidence(s.heading)),
    );
  if (alternatives.length) return makeCheck(id, 'passed', alternatives);
  return makeCheck(id, 'failed');
}

export function examplesCheck(context: CheckContext): ReadmeCheck {
  // An image that does not resolve shows nothing, so it is no screenshot.
  const broken = new Set(
    context.links.broken.filter((link) => link.kind === 'image').map((link) => link.target),
  );
  const screenshots = context.doc.images.filter(
    (image) => isScreenshot(context.doc, image) && !broken.has(image.src),
  );
  const lines = context.source.split('\n');
  const programs = exampleCode(context.doc, lines).map(codeEvidence);
  return sectionCheck(context, 'examples', [
    ...programs,
    ...screenshots.map((image) => quote(image.alt || image.src, image.line)),
  ]);
}

export const configurationCheck = (context: CheckContext) => sectionCheck(context, 'configuration');

const DOCS_URL =
  /(^|[/.])(docs?|documentation|wiki|api|reference|manual|guide)([/.#?-]|$)|readthedocs\.io|docs\.rs|pkg\.go\.dev|godoc\.org|javadoc\.io|hexdocs\.pm|rubydoc\.info|github\.io/i;

/**
 * The project's own documentation: a link into the repository, or to an address that names the
 * project (a word of its title), so links to other projects' docs (flask's WSGI spec) do not count.
 */
function ownLink(doc: CheckContext['doc'], url: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) return true;
  const names = foldText(doc.title?.text ?? '')
    .split(' ')
    .filter((word) => word.length >= 3);
  if (!names.length) return true;
  const folded = url.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return names.some((name) => folded.includes(name));
}

export function apiDocsCheck(context: CheckContext): ReadmeCheck {
  const docsLinks = context.doc.links
    .filter(
      (link) =>
        (DOCS_URL.test(link.url) || (link.text && headingMatches(link.text, 'apiDocs'))) &&
        ownLink(context.doc, link.url),
    )
    .map((link) => quote(link.url, link.line));
  return sectionCheck(context, 'apiDocs', docsLinks);
}

export function tableOfContentsCheck({ doc }: CheckContext): ReadmeCheck {
  const long = doc.headings.length > LIMITS.tocHeadings || doc.lineCount > LIMITS.tocLines;
  const measure: ReadmeEvidence = {
    kind: 'size',
    headings: doc.headings.length,
    lines: doc.lineCount,
    line: null,
  };
  if (!long) return makeCheck('tableOfContents', 'passed', [measure]);
  const heading = doc.headings.find(
    (candidate) =>
      headingMatches(candidate.text, 'tableOfContents') && foldText(candidate.text).length < 40,
  );
  if (heading) return makeCheck('tableOfContents', 'passed', [headingEvidence(heading)]);
  if (doc.maxAnchorLinksInOneList >= LIMITS.tocMinAnchorLinks)
    return makeCheck('tableOfContents', 'passed', [
      { kind: 'sectionLinks', count: doc.maxAnchorLinksInOneList, line: null },
    ]);
  return makeCheck('tableOfContents', 'failed', [measure]);
}

/**
 * A section, or a link to the project's own file (CONTRIBUTING.md, SECURITY.md...). When the file
 * exists but the README never points to it, the advice is to link it rather than to write one.
 */
function sectionOrFileCheck(
  context: CheckContext,
  id: 'contributing' | 'security' | 'changelog',
  fileNames: readonly string[],
  urlPattern: RegExp,
): ReadmeCheck {
  const linked = [
    ...linksToFileNamed(context.doc, fileNames),
    ...context.doc.links
      .filter((link) => urlPattern.test(link.url))
      .map((link) => quote(link.url, link.line)),
  ];
  const check = sectionCheck(context, id, [...linked, ...statedInProse(context.doc, id)]);
  if (check.passed) return check;
  const existing = communityFilesNamed(context.paths, fileNames);
  const [addKey, linkKey] = rubricEntry(id).suggestionKeys;
  return existing.length
    ? makeCheck(
        id,
        'failed',
        existing.map((file) => quote(file, null)),
        linkKey,
      )
    : makeCheck(id, 'failed', [], addKey);
}

export const contributingCheck = (context: CheckContext) =>
  sectionOrFileCheck(
    context,
    'contributing',
    // git's Documentation/SubmittingPatches is its contributing guide.
    ['contributing', 'submittingpatches'],
    /\/contribute\b|\/contributing\b/i,
  );

export const securityCheck = (context: CheckContext) =>
  sectionOrFileCheck(context, 'security', ['security'], /\/security\/(policy|advisories)\b/i);

export const changelogCheck = (context: CheckContext) =>
  sectionOrFileCheck(
    context,
    'changelog',
    ['changelog', 'changes', 'history', 'news', 'releases'],
    /\/releases\b|\/changelog\b/i,
  );
