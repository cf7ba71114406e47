import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidBranchName } from './branch-name.js';

/**
 * The real git's answer, the reference the function must match. Run outside any repository:
 * inside one, `--branch` expands '@' and '@{-1}' to the checked-out branch.
 */
function gitAccepts(name: string): boolean {
  return (
    spawnSync('git', ['check-ref-format', '--branch', name], { stdio: 'ignore', cwd: tmpdir() })
      .status === 0
  );
}

describe('isValidBranchName agrees with git check-ref-format --branch', () => {
  it.each([
    'main',
    'feature/login',
    'release-1.2',
    'fix_ünicode',
    'a/b/c',
    'v1.0',
    '',
    '-rf',
    '--upload-pack=x',
    'HEAD',
    '@',
    'a..b',
    'a//b',
    '/a',
    'a/',
    'a.',
    '.hidden',
    'a/.b',
    'a.lock',
    'a/b.lock/c',
    'a@{1}',
    'a b',
    'a~1',
    'a^',
    'a:b',
    'a?',
    'a*',
    'a[b',
    'a\\b',
    'tab\there',
    'x@y',
  ])('%j', (name) => {
    expect(isValidBranchName(name)).toBe(gitAccepts(name));
  });

  it('on generated names', () => {
    const alphabet = fc.constantFrom(
      ...'ab./-_@{}~^:?*[\\ .lockHEAD'.split(''),
      'ş',
      '.lock',
      '..',
      '//',
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { minLength: 1, maxLength: 8 }).map((parts) => parts.join('')),
        (name) => {
          expect(isValidBranchName(name)).toBe(gitAccepts(name));
        },
      ),
      { numRuns: 300 },
    );
    // 300 git processes: well under a second on a quiet machine, several on a loaded one.
  }, 30_000);
});
