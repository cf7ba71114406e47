import {
  LANGUAGES,
  type LanguageSession,
  type ResolvedImports,
  type SessionContext,
} from './languages/index.js';
import { isAnalysisError } from '../errors.js';
import { urlTags } from './externals/match.js';

export interface ScanOptions {
  maxBytesPerFile: number;
  maxFilesScanned: number;
  /** Count lines of every component file read (no structure analysis was given). */
  estimateLines: boolean;
}

export interface ScanResult {
  imports: Map<string, ResolvedImports>;
  /** Connection-string tags (`url:postgres`) found in each file's string literals. */
  urlTags: Map<string, string[]>;
  /** Non-blank lines (outside comments, for scanned languages) of each file read. */
  estimatedLines: Map<string, number>;
  filesScanned: number;
  skippedTooLarge: number;
  skippedOverLimit: number;
}

const BATCH = 64;

function nonBlankLines(text: string): number {
  let count = 0;
  for (const line of text.split('\n')) if (/\S/.test(line)) count++;
  return count;
}

/**
 * Reads each component file once (in batches, through the snapshot's single cat-file process),
 * hands it to its language's scanner, then lets every language resolve its imports. Files over
 * the byte cap, binary files and files past the file cap are counted, never read; a scanner that
 * trips on a malformed file loses that file, not the diagram.
 */
export async function scanSources(
  context: SessionContext,
  files: readonly string[],
  options: ScanOptions,
): Promise<ScanResult> {
  const sessions = new Map<(typeof LANGUAGES)[number], LanguageSession>();
  const sessionFor = (path: string): LanguageSession | null => {
    const language = LANGUAGES.find((l) => l.matches(path));
    if (!language) return null;
    let session = sessions.get(language);
    if (!session) sessions.set(language, (session = language.createSession(context)));
    return session;
  };
  // Files with an import scanner first, so the file cap cuts line estimates before edges.
  const scannable = files.filter((f) => LANGUAGES.some((l) => l.matches(f)));
  const others = options.estimateLines
    ? files.filter((f) => !LANGUAGES.some((l) => l.matches(f)))
    : [];
  const queue = [...scannable, ...others];
  const toRead = queue.slice(0, options.maxFilesScanned);
  const result: ScanResult = {
    imports: new Map(),
    urlTags: new Map(),
    estimatedLines: new Map(),
    filesScanned: 0,
    skippedTooLarge: 0,
    skippedOverLimit: queue.length - toRead.length,
  };
  for (let start = 0; start < toRead.length; start += BATCH) {
    const batch = toRead.slice(start, start + BATCH);
    const texts = await Promise.all(
      batch.map((path) => context.index.readSource(path, options.maxBytesPerFile)),
    );
    batch.forEach((path, k) => {
      const text = texts[k];
      if (text === null || text === undefined) {
        result.skippedTooLarge++;
        return;
      }
      const session = sessionFor(path);
      if (!session) {
        result.estimatedLines.set(path, nonBlankLines(text));
        return;
      }
      try {
        const masked = session.scan(path, text);
        result.filesScanned++;
        result.estimatedLines.set(path, nonBlankLines(masked.code));
        const tags = urlTags(masked.strings);
        if (tags.length) result.urlTags.set(path, tags);
      } catch {
        // A scanner is a heuristic; one file it cannot read must not cost the whole diagram.
        result.estimatedLines.set(path, nonBlankLines(text));
      }
    });
  }
  for (const session of [...sessions.values()]) {
    let resolved: Map<string, ResolvedImports>;
    try {
      resolved = await session.resolveAll();
    } catch (error) {
      // Git failures are real errors and travel up typed; a resolver tripping on odd input only
      // costs that language's edges.
      if (isAnalysisError(error)) throw error;
      continue;
    }
    for (const [path, imports] of resolved) result.imports.set(path, imports);
  }
  return result;
}
