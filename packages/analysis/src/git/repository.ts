import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { AnalysisError } from '../errors.js';
import { runGit } from './run-git.js';

export interface ResolvedRepository {
  /** Absolute path of the git directory (the repository itself when bare). */
  gitDir: string;
  bare: boolean;
  shallow: boolean;
}

/** Finds the git directory for a work tree or bare repository path, refusing anything else. */
export async function openRepository(repositoryPath: string): Promise<ResolvedRepository> {
  const absolute = path.resolve(repositoryPath);
  const info = await stat(absolute).catch(() => null);
  if (!info?.isDirectory())
    throw new AnalysisError('NOT_A_REPOSITORY', `${repositoryPath} is not a directory`);
  // A work tree has .git (a folder, or a file naming the git directory); a bare repository is its
  // own git directory. Probing a .git that is not there would cost a git process for nothing.
  const dotGit = path.join(absolute, '.git');
  const dotGitInfo = await stat(dotGit).catch(() => null);
  const candidates = dotGitInfo
    ? [dotGitInfo.isFile() ? await gitFileTarget(dotGit) : dotGit, absolute]
    : [absolute];
  for (const candidate of candidates) {
    const probe = await runGit(
      candidate,
      ['rev-parse', '--absolute-git-dir', '--is-bare-repository', '--is-shallow-repository'],
      {
        timeoutMs: 10_000,
      },
    ).catch(() => null);
    if (!probe) continue;
    const [gitDir, bare, shallow] = probe.stdout.toString('utf8').trim().split('\n');
    if (gitDir) return { gitDir, bare: bare === 'true', shallow: shallow === 'true' };
  }
  throw new AnalysisError('NOT_A_REPOSITORY', `${repositoryPath} is not a git repository`);
}

/**
 * The git directory a `.git` file names (`gitdir: <path>`, relative to the work tree or absolute),
 * as linked work trees (`git worktree add`) and submodules have: `--git-dir` takes a directory,
 * not such a file. Anything else is returned as is, and then fails the probe like any non-repository.
 */
async function gitFileTarget(dotGitFile: string): Promise<string> {
  const text = await readFile(dotGitFile, 'utf8').catch(() => '');
  const target = /^gitdir: (.+)$/m.exec(text)?.[1]?.trim();
  return target ? path.resolve(path.dirname(dotGitFile), target) : dotGitFile;
}

/** The default branch: what HEAD points at (a branch that may not exist yet in an empty repository). */
export async function headBranch(gitDir: string): Promise<string | null> {
  const result = await runGit(gitDir, ['symbolic-ref', '-q', 'HEAD'], { okExitCodes: [0, 1] });
  const ref = result.stdout.toString('utf8').trim();
  return ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null;
}

/**
 * The commit a ref names. `ref` is a user value: it must not look like an option and must name a
 * commit; an empty repository and an unknown ref are told apart.
 */
export async function resolveCommit(gitDir: string, ref = 'HEAD'): Promise<string> {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!ref || ref.startsWith('-') || /[\s\x00-\x1f\x7f]/.test(ref) || ref.length > 1024) {
    throw new AnalysisError('INVALID_REF', `"${ref.slice(0, 100)}" is not a valid ref`);
  }
  const result = await runGit(
    gitDir,
    ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`],
    {
      okExitCodes: [0, 1],
    },
  );
  const sha = result.stdout.toString('utf8').trim();
  if (result.code === 0 && /^[0-9a-f]{40,64}$/.test(sha)) return sha;
  const anyRef = await runGit(gitDir, ['for-each-ref', '--count=1', '--format=%(refname)'], {});
  if (anyRef.stdout.length === 0)
    throw new AnalysisError('EMPTY_REPOSITORY', 'the repository has no commits yet');
  throw new AnalysisError('UNKNOWN_REF', `unknown ref: ${ref}`);
}
