import type { TestsReport } from '@rota/contracts';
import type { FileStat } from '../snapshot/file-stat.js';
import { dirname, extension } from './paths.js';

/**
 * Test files are recognised by each language's own path conventions: a file is a test when its
 * extension belongs to a language below and its path matches one of that language's patterns.
 * Conventions that cannot be seen in paths (Rust's `#[cfg(test)]` modules inside source files,
 * doctests) are not counted.
 */
interface TestConvention {
  language: string;
  extensions: string[];
  patterns: RegExp[];
}

/** Folders that hold only tests in most ecosystems. */
const TEST_DIR = /(?:^|\/)(?:tests?|specs?|__tests__)\//i;

const CONVENTIONS: TestConvention[] = [
  {
    language: 'JavaScript/TypeScript',
    extensions: ['js', 'jsx', 'mjs', 'cjs', 'ts', 'tsx', 'mts', 'cts', 'vue', 'svelte'],
    patterns: [
      /\.(?:test|spec|e2e|cy)\.[^/]+$/,
      /(?:^|\/)(?:__mocks__|e2e|cypress|playwright)\//,
      TEST_DIR,
    ],
  },
  {
    language: 'Python',
    extensions: ['py'],
    patterns: [/(?:^|\/)test_[^/]*\.py$/, /_tests?\.py$/, /(?:^|\/)conftest\.py$/, TEST_DIR],
  },
  { language: 'Go', extensions: ['go'], patterns: [/_test\.go$/] },
  {
    language: 'JVM',
    extensions: ['java', 'kt', 'kts', 'scala', 'groovy'],
    patterns: [
      /(?:^|\/)src\/(?:test|androidTest|testFixtures|integrationTest|it)\//,
      /(?:Test|Tests|IT|Spec|Suite)\.(?:java|kt|scala|groovy)$/,
      TEST_DIR,
    ],
  },
  { language: 'Ruby', extensions: ['rb'], patterns: [/_(?:spec|test)\.rb$/, TEST_DIR] },
  {
    language: '.NET',
    extensions: ['cs', 'fs', 'vb'],
    patterns: [/Tests?\.(?:cs|fs|vb)$/, /(?:^|\/)[^/]+\.(?:Unit|Integration)?Tests?\//, TEST_DIR],
  },
  { language: 'Rust', extensions: ['rs'], patterns: [/(?:^|\/)tests\//] },
  { language: 'PHP', extensions: ['php'], patterns: [/Test\.php$/, TEST_DIR] },
  {
    language: 'C/C++',
    extensions: ['c', 'cc', 'cpp', 'cxx', 'h', 'hh', 'hpp'],
    patterns: [
      /_(?:test|unittest)\.(?:c|cc|cpp|cxx)$/,
      /(?:^|\/)test_[^/]+\.(?:c|cc|cpp|cxx)$/,
      TEST_DIR,
    ],
  },
  { language: 'Swift', extensions: ['swift'], patterns: [/Tests?\.swift$/, TEST_DIR] },
  { language: 'Elixir', extensions: ['ex', 'exs'], patterns: [/_test\.exs$/, TEST_DIR] },
  { language: 'Dart', extensions: ['dart'], patterns: [/_test\.dart$/, TEST_DIR] },
  { language: 'Shell', extensions: ['bats'], patterns: [/\.bats$/] },
];

const BY_EXTENSION = new Map(
  CONVENTIONS.flatMap((convention) =>
    convention.extensions.map((ext) => [ext, convention] as const),
  ),
);

/** The convention that makes `path` a test file, or undefined when it is not one. */
export function testConvention(path: string): TestConvention | undefined {
  const convention = BY_EXTENSION.get(extension(path));
  return convention?.patterns.some((pattern) => pattern.test(path)) ? convention : undefined;
}

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
