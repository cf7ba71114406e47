import { z } from 'zod';

/**
 * README analysis and community files check. The rubric behind `score` is published in
 * docs/metrics.md ("README score"); `suggestionKey`s are stable keys the web translates (tr, en).
 */

export const ReadmeFormatSchema = z.enum(['markdown', 'rst', 'asciidoc', 'org', 'text']);
export type ReadmeFormat = z.infer<typeof ReadmeFormatSchema>;

export const ReadmeCheckIdSchema = z.enum([
  'title',
  'description',
  'badges',
  'installation',
  'usage',
  'examples',
  'configuration',
  'apiDocs',
  'tableOfContents',
  'contributing',
  'license',
  'security',
  'changelog',
  'headingLevels',
  'singleH1',
  'codeLanguages',
  'imageAlt',
  'links',
  'length',
  'templateText',
]);
export type ReadmeCheckId = z.infer<typeof ReadmeCheckIdSchema>;

/** `partial` earns some points (a section without its code block); `notApplicable` is left out of the score. */
export const ReadmeCheckStatusSchema = z.enum(['passed', 'partial', 'failed', 'notApplicable']);
export type ReadmeCheckStatus = z.infer<typeof ReadmeCheckStatusSchema>;

const evidenceLine = z.number().int().positive().nullable();

/**
 * What the check saw, as a fact the web puts into words in the reader's language (no sentence is
 * stored): text quoted from the README or a path of the tree (`quote`, shown as it is), or
 * counts and names. `line` is the 1-based README line when known.
 */
export const ReadmeEvidenceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('quote'), text: z.string(), line: evidenceLine }),
  /** The README's license section names this license (an SPDX id). */
  z.object({ kind: z.literal('licenseNamed'), license: z.string(), line: evidenceLine }),
  /** A license file and the license recognised in it (null: not recognised). */
  z.object({
    kind: z.literal('licenseFile'),
    path: z.string(),
    license: z.string().nullable(),
    line: evidenceLine,
  }),
  /** A code block: its language tag, or none; `fenced` false for an indented block. */
  z.object({
    kind: z.literal('codeBlock'),
    language: z.string().nullable(),
    fenced: z.boolean(),
    line: evidenceLine,
  }),
  /** How long the README is, for the table-of-contents check. */
  z.object({
    kind: z.literal('size'),
    headings: z.number().int().nonnegative(),
    lines: z.number().int().nonnegative(),
    line: evidenceLine,
  }),
  /** The longest list of links to the README's own sections. */
  z.object({
    kind: z.literal('sectionLinks'),
    count: z.number().int().nonnegative(),
    line: evidenceLine,
  }),
  /** A heading that skips levels (h2 followed by h4). */
  z.object({
    kind: z.literal('headingJump'),
    from: z.number().int().min(1).max(6),
    to: z.number().int().min(1).max(6),
    text: z.string(),
    line: evidenceLine,
  }),
  /** Words of prose, for the length check. */
  z.object({ kind: z.literal('words'), count: z.number().int().nonnegative(), line: evidenceLine }),
]);
export type ReadmeEvidence = z.infer<typeof ReadmeEvidenceSchema>;
export type ReadmeEvidenceKind = ReadmeEvidence['kind'];

export const ReadmeCheckSchema = z.object({
  id: ReadmeCheckIdSchema,
  status: ReadmeCheckStatusSchema,
  passed: z.boolean(),
  points: z.number().int().nonnegative(),
  maxPoints: z.number().int().nonnegative(),
  evidence: z.array(ReadmeEvidenceSchema),
  /** What to do about it, e.g. `readme.suggestion.addInstallation`; null when the check passed or does not apply. */
  suggestionKey: z.string().nullable(),
});
export type ReadmeCheck = z.infer<typeof ReadmeCheckSchema>;

export const ReadmeNoticeSchema = z.enum([
  'notFound',
  'truncated',
  'tooLarge',
  'notMarkdown',
  'parseFailed',
]);
export type ReadmeNotice = z.infer<typeof ReadmeNoticeSchema>;

export const ReadmeFileSchema = z.object({
  path: z.string(),
  format: ReadmeFormatSchema,
  /** Blob size in bytes. */
  size: z.number().int().nonnegative(),
  /** Bytes analysed: at most the read cap. */
  bytesAnalyzed: z.number().int().nonnegative(),
  truncated: z.boolean(),
  /** Set when the README is a symlink inside the tree: the file it points at. */
  symlinkTarget: z.string().nullable(),
});
export type ReadmeFile = z.infer<typeof ReadmeFileSchema>;

export const ReadmeHeadingSchema = z.object({
  depth: z.number().int().min(1).max(6),
  text: z.string(),
  line: z.number().int().positive(),
  /** GitHub's anchor for it; null for raw HTML headings and non-markdown formats. */
  slug: z.string().nullable(),
});
export type ReadmeHeading = z.infer<typeof ReadmeHeadingSchema>;

export const ReadmeBrokenLinkSchema = z.object({
  target: z.string(),
  kind: z.enum(['file', 'anchor', 'image']),
  line: z.number().int().positive().nullable(),
  reason: z.enum(['missing', 'outsideRepository', 'unknownAnchor']),
});
export type ReadmeBrokenLink = z.infer<typeof ReadmeBrokenLinkSchema>;

export const ReadmeLinksSummarySchema = z.object({
  total: z.number().int().nonnegative(),
  /** Counted, never requested. */
  external: z.number().int().nonnegative(),
  relative: z.number().int().nonnegative(),
  anchors: z.number().int().nonnegative(),
  broken: z.array(ReadmeBrokenLinkSchema),
});
export type ReadmeLinksSummary = z.infer<typeof ReadmeLinksSummarySchema>;

export const ReadmeImageSchema = z.object({
  src: z.string(),
  alt: z.string(),
  line: z.number().int().positive().nullable(),
  badge: z.boolean(),
});
export type ReadmeImage = z.infer<typeof ReadmeImageSchema>;

export const ReadmeCodeBlocksSummarySchema = z.object({
  total: z.number().int().nonnegative(),
  untagged: z.number().int().nonnegative(),
  languages: z.array(z.object({ language: z.string(), count: z.number().int().positive() })),
});
export type ReadmeCodeBlocksSummary = z.infer<typeof ReadmeCodeBlocksSummarySchema>;

export const ReadmeAnalysisSchema = z.object({
  found: z.boolean(),
  readme: ReadmeFileSchema.nullable(),
  /** Other README files GitHub would have considered (in GitHub's order), besides the one analysed. */
  otherCandidates: z.array(z.string()),
  /** 0–100: points earned over the points of the checks that apply. */
  score: z.number().int().min(0).max(100),
  points: z.number().int().nonnegative(),
  maxPoints: z.number().int().nonnegative(),
  checks: z.array(ReadmeCheckSchema),
  notices: z.array(ReadmeNoticeSchema),
  wordCount: z.number().int().nonnegative(),
  lineCount: z.number().int().nonnegative(),
  outline: z.array(ReadmeHeadingSchema),
  links: ReadmeLinksSummarySchema,
  /** At most 200 listed; `imageCount` is the full count. */
  images: z.array(ReadmeImageSchema),
  imageCount: z.number().int().nonnegative(),
  codeBlocks: ReadmeCodeBlocksSummarySchema,
});
export type ReadmeAnalysis = z.infer<typeof ReadmeAnalysisSchema>;

export const CommunityFileKindSchema = z.enum([
  'readme',
  'license',
  'contributing',
  'codeOfConduct',
  'security',
  'changelog',
  'support',
  'issueTemplate',
  'pullRequestTemplate',
  'codeowners',
  'ci',
]);
export type CommunityFileKind = z.infer<typeof CommunityFileKindSchema>;

/** GitHub's places for community files; `other` for CI files with fixed paths of their own. */
export const CommunityFileLocationSchema = z.enum(['root', 'github', 'docs', 'other']);
export type CommunityFileLocation = z.infer<typeof CommunityFileLocationSchema>;

export const CommunityFileSchema = z.object({
  kind: CommunityFileKindSchema,
  present: z.boolean(),
  /** Every matching path, in GitHub's order of precedence (.github/, root, docs/). */
  found: z.array(z.object({ path: z.string(), location: CommunityFileLocationSchema })),
  /** e.g. `community.suggestion.addSecurityPolicy`; null when present. */
  suggestionKey: z.string().nullable(),
});
export type CommunityFile = z.infer<typeof CommunityFileSchema>;

export const CommunityFilesCheckSchema = z.object({
  files: z.array(CommunityFileSchema),
  present: z.number().int().nonnegative(),
  total: z.number().int().positive(),
});
export type CommunityFilesCheck = z.infer<typeof CommunityFilesCheckSchema>;
