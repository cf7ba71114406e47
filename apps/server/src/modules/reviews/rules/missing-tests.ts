import { baseName, isTestFile } from './paths.js';
import type { ReviewRule, ScannedFile } from './types.js';

/**
 * Source code changed and no test did. Only languages whose projects keep tests beside or near the
 * code count; configuration, docs, type declarations, scripts and migrations are not expected to
 * come with a test.
 */

const SOURCE =
  /\.(ts|tsx|js|jsx|mjs|cjs|py|go|rb|java|kt|scala|rs|php|cs|swift|ex|exs|vue|svelte)$/;
const NOT_TESTED_BY_CONVENTION =
  /(^|\/)(scripts?|bin|docs?|examples?|migrations?|db\/migrate|\.github|bench|benchmarks?)\/|\.d\.ts$|(^|\/)[^/]*\.config\.[cm]?[jt]s$|(^|\/)(setup\.py|manage\.py|conftest\.py|__init__\.py)$/;

/**
 * Whether an added line is code, not a comment or blank: fixing a JSDoc typo changes no behaviour
 * a test could check (30 of the 99 express merged pull requests this rule flagged did only that).
 * `#` starts a comment only where the language says so (it is a private field in JavaScript).
 */
function changesCode(file: ScannedFile): boolean {
  const hashComments = /\.(py|rb|ex|exs)$/.test(file.path);
  return file.added.some(({ text }) => {
    const code = text.trim();
    if (!code || /^(\/\/|\/\*|\*(\s|\/|$))/.test(code)) return false;
    return !(hashComments && code.startsWith('#'));
  });
}

export const missingTestsRule: ReviewRule = {
  id: 'tests.missing',
  severity: 'low',
  category: 'tests',
  confidence: 0.6,
  description: 'Source code changed and no test file did.',
  check({ scanned, all }) {
    if (all.some((entry) => isTestFile(entry.filename))) return [];
    const sources = scanned.filter(
      (file) =>
        file.entry.status !== 'removed' &&
        changesCode(file) &&
        SOURCE.test(file.path) &&
        !isTestFile(file.path) &&
        !NOT_TESTED_BY_CONVENTION.test(file.path),
    );
    if (sources.length === 0) return [];
    const named = sources.slice(0, 5).map((file) => baseName(file.path));
    const more = sources.length > 5 ? ` and ${sources.length - 5} more` : '';
    return [
      {
        file: null,
        line: null,
        title: 'No test change',
        message:
          `Source files changed (${named.join(', ')}${more}) but no test did. Add or update a ` +
          'test that would fail without this change, or say in the description why none is needed.',
      },
    ];
  },
};
