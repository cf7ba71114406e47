import { createHash } from 'node:crypto';
import type { AnalysisKind } from '@rota/contracts';
import { runGit } from './git/run-git.js';
import { resolveCommit } from './git/repository.js';

/**
 * The input an analysis depends on, as a short string, so results can be cached exactly:
 * - structure, readme, diagram: the commit of the ref (the tree is all they read);
 * - history: the commit plus the UTC day, because its window ("last 30 days") moves with time;
 * - branches: every branch and its tip, hashed, because any branch moving changes the answer.
 */
export async function analysisRevision(
  kind: AnalysisKind,
  gitDir: string,
  ref = 'HEAD',
  now: Date = new Date(),
): Promise<{ revision: string; commit: string }> {
  const commit = await resolveCommit(gitDir, ref);
  if (kind === 'history')
    return { revision: `${commit}@${now.toISOString().slice(0, 10)}`, commit };
  if (kind === 'branches') {
    const refs = await runGit(gitDir, [
      'for-each-ref',
      '--format=%(objectname) %(refname)',
      'refs/heads',
      'refs/remotes',
    ]);
    const head = await runGit(gitDir, ['symbolic-ref', '-q', 'HEAD'], { okExitCodes: [0, 1] });
    const digest = createHash('sha256')
      .update(refs.stdout)
      .update(head.stdout)
      .digest('hex')
      .slice(0, 40);
    return { revision: `refs:${digest}`, commit };
  }
  return { revision: commit, commit };
}
