import { extension } from './paths.js';

/**
 * Test files are recognised by each language's own path conventions: a file is a test when its
 * extension belongs to a language below and its path matches one of that language's patterns.
 * Conventions that cannot be seen in paths (Rust's `#[cfg(test)]` modules inside source files,
 * doctests) are not counted. The composition's test report and the diagram's "tests" role both
 * read this one definition.
 */
export interface TestConvention {
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

export function isTestFile(path: string): boolean {
  return testConvention(path) !== undefined;
}
