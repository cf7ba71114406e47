import type { TestsReport } from '@rota/contracts';
import type { FileStat } from '../snapshot/file-stat.js';
import { dirname } from '../facts/paths.js';
import { testConvention } from '../facts/test-files.js';

/** The folder a test file is grouped under: up to its test folder, else its own folder. */
function testFolder(path: string): string {
  const match = /^(.*?(?:^|\/)(?:tests?|specs?|__tests__|e2e|cypress|src\/test))\//i.exec(path);
  return match ? match[1]! : dirname(path) || '.';
}

const MAX_DIRECTORIES = 20;

/**
 * Test files and the test-to-code line ratio. Without line counts the ratio is not computed
 * (null, `no-line-counts`) rather than estimated. With them, only files the structure analysis
 * classified as code count: test code lines over the code lines of every other code file.
 */
export function testsReport(paths: string[], stats?: Map<string, FileStat>): TestsReport {
  const byLanguage = new Map<string, { files: number; code: number }>();
  const folders = new Map<string, number>();
  let testFiles = 0;
  let testCode = 0;
  let otherCode = 0;
  for (const path of paths) {
    const stat = stats?.get(path);
    if (stats && stat && stat.category !== 'code') continue;
    const convention = testConvention(path);
    if (!convention) {
      otherCode += stat?.code ?? 0;
      continue;
    }
    testFiles++;
    testCode += stat?.code ?? 0;
    const language = stat?.language ?? convention.language;
    const entry = byLanguage.get(language) ?? { files: 0, code: 0 };
    entry.files++;
    entry.code += stat?.code ?? 0;
    byLanguage.set(language, entry);
    const folder = testFolder(path);
    folders.set(folder, (folders.get(folder) ?? 0) + 1);
  }
  const counted = !!stats;
  const ratioUnavailable = !counted ? 'no-line-counts' : otherCode === 0 ? 'no-code' : null;
  return {
    files: testFiles,
    testCodeLines: counted ? testCode : null,
    codeLines: counted ? otherCode : null,
    ratio: ratioUnavailable ? null : testCode / otherCode,
    ratioUnavailable,
    byLanguage: [...byLanguage]
      .map(([language, entry]) => ({
        language,
        files: entry.files,
        codeLines: counted ? entry.code : null,
      }))
      .sort((a, b) => b.files - a.files || (a.language < b.language ? -1 : 1)),
    directories: [...folders]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, MAX_DIRECTORIES)
      .map(([folder]) => folder),
  };
}
