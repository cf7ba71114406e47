import type { ReadmeCheckId } from '@rota/contracts';

/**
 * The published README rubric: the single place points and suggestion keys are defined. docs/metrics.md
 * ("README score") describes the same table; rubric.test.ts keeps the two from drifting apart.
 */
export interface RubricEntry {
  id: ReadmeCheckId;
  maxPoints: number;
  /** Checks that need markdown's structure; they do not apply to rst, AsciiDoc, Org or plain text. */
  markdownOnly: boolean;
  /** Every key this check may report, the first being the plain "add it" advice. */
  suggestionKeys: readonly [string, ...string[]];
}

const key = (name: string) => `readme.suggestion.${name}`;

export const RUBRIC: readonly RubricEntry[] = [
  { id: 'title', maxPoints: 6, markdownOnly: false, suggestionKeys: [key('addTitle')] },
  { id: 'description', maxPoints: 8, markdownOnly: false, suggestionKeys: [key('addDescription')] },
  { id: 'badges', maxPoints: 3, markdownOnly: true, suggestionKeys: [key('addBadges')] },
  {
    id: 'installation',
    maxPoints: 10,
    markdownOnly: false,
    suggestionKeys: [key('addInstallation'), key('addInstallationCode')],
  },
  {
    id: 'usage',
    maxPoints: 10,
    markdownOnly: false,
    suggestionKeys: [key('addUsage'), key('addUsageCode')],
  },
  { id: 'examples', maxPoints: 5, markdownOnly: false, suggestionKeys: [key('addExamples')] },
  {
    id: 'configuration',
    maxPoints: 4,
    markdownOnly: false,
    suggestionKeys: [key('addConfiguration')],
  },
  { id: 'apiDocs', maxPoints: 4, markdownOnly: false, suggestionKeys: [key('addDocsLink')] },
  {
    id: 'tableOfContents',
    maxPoints: 4,
    markdownOnly: true,
    suggestionKeys: [key('addTableOfContents')],
  },
  {
    id: 'contributing',
    maxPoints: 5,
    markdownOnly: false,
    suggestionKeys: [key('addContributing'), key('linkContributing')],
  },
  {
    id: 'license',
    maxPoints: 6,
    markdownOnly: false,
    suggestionKeys: [key('addLicense'), key('addLicenseFile'), key('fixLicenseMismatch')],
  },
  {
    id: 'security',
    maxPoints: 3,
    markdownOnly: false,
    suggestionKeys: [key('addSecurity'), key('linkSecurityPolicy')],
  },
  {
    id: 'changelog',
    maxPoints: 3,
    markdownOnly: false,
    suggestionKeys: [key('addChangelog'), key('linkChangelog')],
  },
  {
    id: 'headingLevels',
    maxPoints: 4,
    markdownOnly: true,
    suggestionKeys: [key('fixHeadingLevels')],
  },
  { id: 'singleH1', maxPoints: 3, markdownOnly: true, suggestionKeys: [key('useSingleH1')] },
  { id: 'codeLanguages', maxPoints: 4, markdownOnly: true, suggestionKeys: [key('tagCodeBlocks')] },
  { id: 'imageAlt', maxPoints: 4, markdownOnly: true, suggestionKeys: [key('addImageAlt')] },
  { id: 'links', maxPoints: 6, markdownOnly: true, suggestionKeys: [key('fixBrokenLinks')] },
  {
    id: 'length',
    maxPoints: 4,
    markdownOnly: false,
    suggestionKeys: [key('expandReadme'), key('shortenReadme')],
  },
  {
    id: 'templateText',
    maxPoints: 4,
    markdownOnly: false,
    suggestionKeys: [key('removeTemplateText')],
  },
];

/** The advice when no README exists at all (beside each check's own). */
export const ADD_README_KEY = key('addReadme');

/** Thresholds the rubric names; docs/metrics.md quotes them. */
export const LIMITS = {
  /** Bytes of the README analysed; the rest is ignored and `truncated` reported. */
  maxReadBytes: 1024 * 1024,
  /** Blobs above this are not read at all (`tooLarge`). */
  maxBlobBytes: 16 * 1024 * 1024,
  /** The description must start within this many lines after the title. */
  descriptionWithinLines: 30,
  /** …or within this many when it says what the project is, or sits under an intro heading. */
  descriptionIntroWithinLines: 60,
  descriptionMinWords: 5,
  /** Words of prose (outside links and images) that make a section hold something. */
  sectionMinWords: 2,
  /** Fewer words of prose than this beside a link make a section a pointer, not content. */
  pointerMaxWords: 15,
  /** A code block within this many lines after the title is "near the top" (usage). */
  usageCodeWithinLines: 60,
  /** "Long" README, where a table of contents is expected. */
  tocHeadings: 10,
  tocLines: 250,
  /** Links to `#anchors` in one list that make it a table of contents. */
  tocMinAnchorLinks: 3,
  minWords: 150,
  maxWords: 10_000,
} as const;

export function rubricEntry(id: ReadmeCheckId): RubricEntry {
  const entry = RUBRIC.find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`no rubric entry for ${id}`);
  return entry;
}
