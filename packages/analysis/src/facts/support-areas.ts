import { isTestFile } from './test-files.js';

/**
 * Parts of a repository that serve its developers, not its users: tests, examples, documentation
 * and tooling. What lives there (a requirements.txt of an example app, a test server's page, a dev
 * container) says nothing about the product, so the diagram draws them with their own role and
 * never as a library, takes no external system or framework from them, and the composition takes
 * no entry point from them. One list, read by both (docs/analysis/diagram.md).
 */
export type SupportArea = 'tests' | 'examples' | 'docs' | 'tooling';

/** Folder names that mark an area wherever they sit (`packages/x/tests/`, `docs/`). */
const ANYWHERE: Array<[SupportArea, RegExp]> = [
  [
    'tests',
    /^(?:tests?|__tests__|specs?|e2e|cypress|playwright|fixtures?|__fixtures__|testdata|test-fixtures|testing)$/i,
  ],
  ['examples', /^(?:examples?|samples?|demos?|_examples?)$/i],
  ['docs', /^(?:docs?|documentation|website)$/i],
  ['tooling', /^(?:benchmarks?|bench|benches)$/i],
];

/**
 * Test source sets and modules by their build's naming, wherever they sit: Gradle and Kotlin
 * source sets (`jvmTest`, `commonTest`, `androidTest`, `testFixtures`) and test modules named
 * `<x>-test` or `<x>-tests` (retrofit's `java-test`, okhttp's `container-tests`). Case matters:
 * `latest` is no source set.
 */
const TEST_SOURCE_SET = /^(?:[a-z]+(?:[A-Z][a-z]*)*Test|testFixtures|[\w.]+-tests?)$/;

/**
 * Tooling folder names at the repository's root only: a `scripts/` deeper down may be part of a
 * package's own code. `tools/` is not one: it is as often a product's own command-line tools (a
 * Go workspace's `tools` module) as build helpers.
 */
const AT_ROOT = /^(?:scripts?|tooling|hack|devtools)$/i;
/** A root `t/` holds the test suite in Perl's convention, which git and others follow. */
const TESTS_AT_ROOT = /^t$/;

/** The support area `path` lies in, or null when it is part of the product. */
export function supportArea(path: string): SupportArea | null {
  const segments = path.split('/');
  const folders = segments.slice(0, -1);
  for (const [area, pattern] of ANYWHERE)
    if (folders.some((segment) => pattern.test(segment))) return area;
  if (folders.some((segment) => TEST_SOURCE_SET.test(segment))) return 'tests';
  // Hidden folders (.github, .devcontainer, .vscode, .circleci, .husky) hold tooling settings.
  if (folders.some((segment) => segment.startsWith('.') && segment.length > 1)) return 'tooling';
  if (folders.length > 0 && TESTS_AT_ROOT.test(folders[0]!)) return 'tests';
  if (folders.length > 0 && AT_ROOT.test(folders[0]!)) return 'tooling';
  if (isTestFile(path)) return 'tests';
  return null;
}

/** Whether a folder (a component's path) lies in a support area or is one. */
export function supportAreaOfFolder(folder: string): SupportArea | null {
  return folder ? supportArea(`${folder}/x`) : null;
}
