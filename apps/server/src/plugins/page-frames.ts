import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The table the web build writes (apps/web/src/app/page-frames.ts): which page gets which frame. */
const PAGE_FRAMES_FILE = 'page-frames.json';

interface PageFrameRule {
  paths: RegExp;
  file: string;
}

/**
 * Which copy of index.html to send for a page's path: the web build's frames (a static frame
 * painted before any JavaScript), following the build's own table, first match wins; index.html
 * where no rule matches, the rule says "no frame", or the build wrote no table (an older build, or
 * none). A table that cannot be read is ignored the same way: a page without its frame still works.
 * Only files that exist in the build are ever named, so a rule cannot point outside it.
 */
export function readPageFrames(root: string): (pathname: string) => string {
  const rules = readRules(root);
  return (pathname) => rules.find((rule) => rule.paths.test(pathname))?.file ?? 'index.html';
}

function readRules(root: string): PageFrameRule[] {
  let table: unknown;
  try {
    table = JSON.parse(readFileSync(path.join(root, PAGE_FRAMES_FILE), 'utf8'));
  } catch {
    return [];
  }
  if (!Array.isArray(table)) return [];
  const rules: PageFrameRule[] = [];
  for (const entry of table as Array<{ paths?: unknown; file?: unknown }>) {
    if (typeof entry?.paths !== 'string') return [];
    const file = entry.file === null ? 'index.html' : entry.file;
    if (typeof file !== 'string' || path.basename(file) !== file) return [];
    if (!existsSync(path.join(root, file))) continue;
    try {
      rules.push({ paths: new RegExp(entry.paths), file });
    } catch {
      return [];
    }
  }
  return rules;
}
