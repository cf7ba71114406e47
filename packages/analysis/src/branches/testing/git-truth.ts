import { execFileSync } from 'node:child_process';

/**
 * What git itself says about a branch, one git process per question: the reference the branch
 * analysis is tested against (and exactly the per-branch loop it exists to avoid).
 */
const run = (dir: string, args: string[]) =>
  execFileSync('git', args, {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      HOME: '/nonexistent',
      LC_ALL: 'C',
    },
  }).toString('utf8');

export function gitAheadBehind(
  dir: string,
  defaultRef: string,
  ref: string,
): { ahead: number; behind: number } {
  const [behind, ahead] = run(dir, [
    'rev-list',
    '--left-right',
    '--count',
    `${defaultRef}...${ref}`,
  ])
    .trim()
    .split('\t')
    .map(Number);
  return { ahead: ahead!, behind: behind! };
}

/** Oldest committer date (ISO) among commits on `ref` and not on `defaultRef`, or null. */
export function gitOldestUnique(dir: string, defaultRef: string, ref: string): string | null {
  const times = run(dir, ['log', '--format=%ct', `${defaultRef}..${ref}`, '--'])
    .split('\n')
    .filter(Boolean)
    .map(Number);
  return times.length ? new Date(Math.min(...times) * 1000).toISOString() : null;
}

export function gitIsMerged(dir: string, defaultRef: string, ref: string): boolean {
  try {
    run(dir, ['merge-base', '--is-ancestor', ref, defaultRef]);
    return true;
  } catch {
    return false;
  }
}
