import { z } from 'zod';

/**
 * The structure analysis of one commit: what the tree is made of, by language, category and
 * directory. Definitions (code/comment/blank, shares, exclusions, rule sources) are in
 * docs/analysis/structure.md. Counts are integers; shares are percentages rounded to 0.01.
 */

/** Linguist's language types: only programming and markup count toward GitHub's bar by default. */
export const StructureLanguageTypeSchema = z.enum(['programming', 'markup', 'data', 'prose']);
export type StructureLanguageType = z.infer<typeof StructureLanguageTypeSchema>;

/**
 * Where a file lands. `code`: counts toward the language shares; `data`, `other`: text that does
 * not (data formats, prose, unknown or not detectable); the rest are reported apart.
 */
export const StructureFileCategorySchema = z.enum([
  'code',
  'vendored',
  'generated',
  'documentation',
  'binary',
  'data',
  'other',
]);
export type StructureFileCategory = z.infer<typeof StructureFileCategorySchema>;

const count = z.number().int().nonnegative();
const share = z.number().min(0).max(100);

export const StructureLineCountsSchema = z.object({
  lines: count,
  code: count,
  comment: count,
  blank: count,
});
export type StructureLineCounts = z.infer<typeof StructureLineCountsSchema>;

export const StructureTallySchema = StructureLineCountsSchema.extend({
  files: count,
  bytes: count,
});
export type StructureTally = z.infer<typeof StructureTallySchema>;

export const StructureLanguageSchema = StructureTallySchema.extend({
  /** Linguist name of the group GitHub's bar shows (TSX is counted as TypeScript). */
  name: z.string(),
  type: StructureLanguageTypeSchema,
  /** Linguist's colour, "#rrggbb", or null when it has none. */
  color: z.string().nullable(),
  /** Languages merged into this group, when more than the group itself (e.g. ["TSX"]). */
  members: z.array(z.string()),
  /** Whether these files count toward the shares (programming/markup, or linguist-detectable). */
  counted: z.boolean(),
  /** Share of counted bytes: GitHub's figure. Null when the language is not counted. */
  byteShare: share.nullable(),
  /** Share of counted code lines. Null when the language is not counted. */
  codeShare: share.nullable(),
});
export type StructureLanguage = z.infer<typeof StructureLanguageSchema>;

export const StructureDirectorySchema = z.object({
  /** Path from the root ('' for the root). For a rolled-up entry: "<parent>/*" ("*" at the root). */
  path: z.string(),
  depth: count,
  /** `rest` rolls up the smaller sibling directories past the per-directory cap. */
  kind: z.enum(['directory', 'rest']),
  /** Directories this entry stands for (1 unless rolled up). */
  directories: count,
  files: count,
  bytes: count,
  code: count,
  /** Language with the most counted bytes below it, or null. */
  language: z.string().nullable(),
});
export type StructureDirectory = z.infer<typeof StructureDirectorySchema>;

export const StructureFileSchema = z.object({
  path: z.string(),
  bytes: count,
  language: z.string().nullable(),
  category: StructureFileCategorySchema,
  /** Null when the file was not line-counted (binary or over the size limit). */
  lines: count.nullable(),
});
export type StructureFile = z.infer<typeof StructureFileSchema>;

export const StructureFileListSchema = z.object({
  total: count,
  bytes: count,
  /** Largest first, capped; `truncated` says more exist. */
  files: z.array(StructureFileSchema),
  truncated: z.boolean(),
});
export type StructureFileList = z.infer<typeof StructureFileListSchema>;

export const StructureSymlinkSchema = z.object({
  path: z.string(),
  /** The link text as stored (never followed); null when not read. */
  target: z.string().nullable(),
  /** The target is absolute or climbs above the repository root. */
  pointsOutside: z.boolean(),
});
export type StructureSymlink = z.infer<typeof StructureSymlinkSchema>;

export const StructureSubmoduleSchema = z.object({
  path: z.string(),
  commit: z.string(),
  /** From .gitmodules when listed there; never fetched. */
  url: z.string().nullable(),
});
export type StructureSubmodule = z.infer<typeof StructureSubmoduleSchema>;

export const StructureGitAttributesSchema = z.object({
  /** Files whose flag or language came from .gitattributes rather than Linguist's rules. */
  vendored: count,
  generated: count,
  documentation: count,
  detectable: count,
  language: count,
});
export type StructureGitAttributes = z.infer<typeof StructureGitAttributesSchema>;

export const StructureAnalysisSchema = z.object({
  ref: z.string(),
  commit: z.string(),
  /** Every regular file of the tree; line counts cover the text files that were line-counted. */
  totals: StructureTallySchema,
  /** Per category (every category present, zeros included). */
  categories: z.record(StructureFileCategorySchema, StructureTallySchema),
  /** Languages of the files outside vendored/generated/documentation/binary, most bytes first. */
  languages: z.array(StructureLanguageSchema),
  directories: z.array(StructureDirectorySchema),
  largestFiles: z.array(StructureFileSchema),
  binaryFiles: StructureFileListSchema,
  /** Files over the line-count limit: counted by bytes only. */
  largeFiles: StructureFileListSchema,
  /** Listed in path order, capped; never followed. */
  symlinks: z.object({
    total: count,
    links: z.array(StructureSymlinkSchema),
    truncated: z.boolean(),
  }),
  /** Listed in path order, capped; never fetched. */
  submodules: z.object({
    total: count,
    modules: z.array(StructureSubmoduleSchema),
    truncated: z.boolean(),
  }),
  gitattributes: StructureGitAttributesSchema,
  limits: z.object({
    /** Files above this many bytes are counted by bytes only, not line-counted. */
    maxLineCountBytes: count,
    /** Files above this many bytes are not read: judged by their name alone. */
    maxReadBytes: count,
    directoryDepth: count,
    directoryChildren: count,
    largestFiles: count,
    listCap: count,
  }),
});
export type StructureAnalysis = z.infer<typeof StructureAnalysisSchema>;
