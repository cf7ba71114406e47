import { addedLines } from '../rules/hunks.js';
import { skipReason, type DiffEntry } from '../rules/index.js';
import { baseName, isManifest, isProseFile, isTestFile } from '../rules/paths.js';

/**
 * Which files of a pull request the model is sent, within its input budget. Token counts are
 * estimated at ~4 characters a token (OpenAI's rule of thumb for English and code): no tokenizer
 * per model, and an estimate on the safe side is enough to stay inside a context window. A file
 * that does not fit is not cut in half (half a function reads as a bug); it is listed as not sent,
 * and a smaller file after it may still fit.
 */

export const CHARS_PER_TOKEN = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** Lower first: source, then tests, then docs and configuration, then deleted files. */
export function filePriority(entry: DiffEntry): number {
  if (entry.status === 'removed') return 3;
  if (isTestFile(entry.filename)) return 1;
  if (isProseFile(entry.filename) || isConfiguration(entry.filename)) return 2;
  return 0;
}

const CONFIG_EXTENSIONS = /\.(json|jsonc|ya?ml|toml|ini|cfg|conf|xml|properties|env|lock)$/i;

function isConfiguration(path: string): boolean {
  const name = baseName(path);
  return CONFIG_EXTENSIONS.test(name) || isManifest(path) || name.startsWith('.');
}

export interface BudgetedFiles {
  /** In the order the model reads them (priority, then the pull request's order). */
  sent: DiffEntry[];
  /** Readable files that did not fit, by name. */
  notSent: string[];
}

/**
 * Files the rules skip (lockfiles, generated, vendored, binary, no patch) are not sent either: they
 * are findings' business or already a gap of the review's coverage, not budget.
 */
export function fitFiles(options: {
  files: DiffEntry[];
  budgetTokens: number;
  /** The file as the model will read it. */
  render: (entry: DiffEntry) => string;
}): BudgetedFiles {
  const readable = options.files
    .filter((entry) => entry.patch !== undefined && !skipReason(entry, addedLines(entry.patch)))
    .map((entry, order) => ({ entry, order, priority: filePriority(entry) }))
    .sort((a, b) => a.priority - b.priority || a.order - b.order);
  const sent: DiffEntry[] = [];
  const notSent: string[] = [];
  let left = options.budgetTokens;
  for (const { entry } of readable) {
    const cost = estimateTokens(options.render(entry));
    if (cost <= left) {
      sent.push(entry);
      left -= cost;
    } else notSent.push(entry.filename);
  }
  return { sent, notSent };
}
