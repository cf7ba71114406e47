import type { FileCategory, FileStat } from '../snapshot/file-stat.js';
import type { SnapshotFile } from '../snapshot/snapshot.js';
import { hasBinaryExtension, hasNulByte } from './binary.js';
import { detectLanguage } from './detect-language.js';
import { isGenerated, isGeneratedPath } from './generated.js';
import { attributeFlag, type GitAttributes } from './gitattributes.js';
import { findLanguageByAlias, languageInfo } from './languages.js';
import { countLines, NO_LINES } from './line-counter.js';
import type { createPathRules } from './path-rules.js';

/**
 * One file's record: the shared FileStat plus what the structure summary needs. Decisions follow
 * Linguist's include_in_language_stats?: a file counts toward the shares when it is not vendored,
 * documentation nor generated, and its language is programming or markup — or linguist-detectable
 * says otherwise. .gitattributes wins over every rule it sets.
 */
export interface ClassifiedFile extends FileStat {
  binary: boolean;
  /** Over the line-count limit: counted by bytes only. */
  tooLarge: boolean;
  /** The blob could not be read (missing object in a shallow or partial clone). */
  unreadable: boolean;
  /** The language group GitHub's bar uses (TSX → TypeScript), or null. */
  group: string | null;
  /** Counts toward the language shares (category 'code'). */
  counted: boolean;
  /** Which of the file's decisions came from .gitattributes. */
  fromAttributes: {
    vendored: boolean;
    generated: boolean;
    documentation: boolean;
    detectable: boolean;
    language: boolean;
  };
}

export interface ClassifyContext {
  attributes: GitAttributes;
  paths: ReturnType<typeof createPathRules>;
  maxLineCountBytes: number;
  maxReadBytes: number;
}

const COUNTED_TYPES = new Set(['programming', 'markup']);

/** `content` is the whole blob, or null when it was not read (over maxReadBytes) or is missing. */
export function classifyFile(
  file: SnapshotFile,
  content: Buffer | null,
  context: ClassifyContext,
): ClassifiedFile {
  const { path } = file;
  const basename = path.slice(path.lastIndexOf('/') + 1);
  const tooLarge = file.size > context.maxLineCountBytes;
  const unreadable = content === null && file.size <= context.maxReadBytes;
  const binary = hasBinaryExtension(basename) || (content !== null && hasNulByte(content));
  const attributes = context.attributes.lookup(path);

  const languageAttribute = attributes['linguist-language'];
  let language: string | null;
  if (typeof languageAttribute === 'string') {
    // As Linguist: an unknown name leaves the file without a language.
    language = findLanguageByAlias(languageAttribute)?.name ?? null;
  } else if (binary) language = null;
  else language = detectLanguage(basename, content);
  const info = language ? languageInfo(language) : undefined;

  const vendoredAttribute = attributeFlag(attributes['linguist-vendored']);
  const documentationAttribute = attributeFlag(attributes['linguist-documentation']);
  const generatedAttribute = attributeFlag(attributes['linguist-generated']);
  const detectable = attributeFlag(attributes['linguist-detectable']);
  const vendored = vendoredAttribute ?? context.paths.vendored(path);
  const documentation = documentationAttribute ?? context.paths.documentation(path);
  const textContent = binary ? null : content;
  const generated =
    generatedAttribute ??
    (textContent ? isGenerated(path, basename, textContent) : isGeneratedPath(path, basename));
  const counted =
    !vendored &&
    !documentation &&
    !generated &&
    info !== undefined &&
    (detectable ?? COUNTED_TYPES.has(info.type));

  const counts = textContent && !tooLarge ? countLines(textContent, language) : NO_LINES;
  let category: FileCategory;
  if (vendored) category = 'vendored';
  else if (generated) category = 'generated';
  else if (documentation) category = 'documentation';
  else if (binary) category = 'binary';
  else if (counted) category = 'code';
  else if (info?.type === 'data') category = 'data';
  else category = 'other';

  return {
    path,
    size: file.size,
    language,
    category,
    lines: counts.lines,
    code: counts.code,
    comment: counts.comment,
    blank: counts.blank,
    binary,
    tooLarge,
    unreadable,
    group: info?.group ?? null,
    counted,
    fromAttributes: {
      vendored: vendoredAttribute !== undefined,
      generated: generatedAttribute !== undefined,
      documentation: documentationAttribute !== undefined,
      detectable: detectable !== undefined,
      language: typeof languageAttribute === 'string',
    },
  };
}
