import { spawn } from 'node:child_process';
import { GIT_HARDENING_ARGS, gitEnvironment } from '@rota/analysis';

/**
 * git on a mirror, the engine's way: no shell, an argument array, the hardened environment and
 * arguments of @rota/analysis, a time limit, and the mirror as working directory. Read-only.
 */
export function runGit(
  gitDir: string,
  args: string[],
  options: { input?: string; timeoutMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...GIT_HARDENING_ARGS, `--git-dir=${gitDir}`, ...args], {
      cwd: gitDir,
      env: gitEnvironment(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs ?? 120_000);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 16_384) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return reject(new Error(`git ${args[0]} timed out`));
      if (code !== 0) return reject(new Error(`git ${args[0]} failed: ${stderr.trim()}`));
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    // A closed stdin (git exiting early) must not crash the process.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** A tag of the mirror and the commit it names. */
export interface MirrorTag {
  name: string;
  sha: string;
  /** Annotated tag: its tagger date; lightweight tag: the commit's committer date. */
  taggedAt: Date;
}

const TAG_FORMAT = [
  '%(refname:strip=2)',
  '%(objecttype)',
  '%(objectname)',
  '%(*objecttype)',
  '%(*objectname)',
  '%(taggerdate:unix)',
  '%(committerdate:unix)',
  '%(*committerdate:unix)',
].join('%00');

const fromUnix = (seconds: string): Date | null =>
  /^\d+$/.test(seconds) ? new Date(Number(seconds) * 1000) : null;

/**
 * Every tag of the mirror that names a commit: a lightweight tag dated by its commit's committer
 * date, an annotated one by its tagger date (the commit's date when the tag has none). A tag of a
 * tag is followed to its commit; tags of trees or blobs are left out.
 */
export async function readTags(gitDir: string): Promise<MirrorTag[]> {
  const output = await runGit(gitDir, ['for-each-ref', `--format=${TAG_FORMAT}`, 'refs/tags']);
  const tags: MirrorTag[] = [];
  const nested: Array<{ name: string; taggedAt: Date | null }> = [];
  for (const line of output.split('\n')) {
    if (!line) continue;
    const [name, type, sha, peeledType, peeledSha, taggerDate, commitDate, peeledDate] =
      line.split('\0');
    if (!name || !sha) continue;
    if (type === 'commit') {
      const taggedAt = fromUnix(commitDate ?? '');
      if (taggedAt) tags.push({ name, sha, taggedAt });
    } else if (type === 'tag' && peeledType === 'commit' && peeledSha) {
      const taggedAt = fromUnix(taggerDate ?? '') ?? fromUnix(peeledDate ?? '');
      if (taggedAt) tags.push({ name, sha: peeledSha, taggedAt });
    } else if (type === 'tag' && peeledType === 'tag') {
      nested.push({ name, taggedAt: fromUnix(taggerDate ?? '') });
    }
  }
  if (nested.length > 0) {
    const peeled = await commitsOf(
      gitDir,
      nested.map((tag) => `refs/tags/${tag.name}^{commit}`),
    );
    const dates = await commitDates(gitDir, [...new Set(peeled.filter((sha) => sha !== null))]);
    nested.forEach((tag, index) => {
      const sha = peeled[index];
      const taggedAt = tag.taggedAt ?? (sha ? dates.get(sha) : undefined);
      if (sha && taggedAt) tags.push({ name: tag.name, sha, taggedAt });
    });
  }
  return tags;
}

/** For each revision, the commit it names in the mirror, or null when the mirror lacks it. */
export async function commitsOf(
  gitDir: string,
  revisions: string[],
): Promise<Array<string | null>> {
  if (revisions.length === 0) return [];
  const output = await runGit(
    gitDir,
    ['cat-file', '--batch-check=%(objectname) %(objecttype)'],
    // A revision holding a newline or starting with a space could shift the answers: refused.
    { input: revisions.map((revision) => `${revision.replace(/[\s]/g, '')}\n`).join('') },
  );
  const lines = output.split('\n');
  return revisions.map((_, index) => {
    const [sha, type] = (lines[index] ?? '').split(' ');
    return type === 'commit' && sha ? sha : null;
  });
}

async function commitDates(gitDir: string, shas: string[]): Promise<Map<string, Date>> {
  const dates = new Map<string, Date>();
  if (shas.length === 0) return dates;
  const output = await runGit(gitDir, ['log', '--no-walk=unsorted', '--stdin', '--format=%H %ct'], {
    input: shas.map((sha) => `${sha}\n`).join(''),
  });
  for (const line of output.split('\n')) {
    const [sha, seconds] = line.split(' ');
    const date = fromUnix(seconds ?? '');
    if (sha && date) dates.set(sha, date);
  }
  return dates;
}

/** A commit a deployment brought, with its author, date and subject (what its list shows). */
export interface BroughtCommit {
  sha: string;
  authoredAt: Date | null;
  authorName: string | null;
  subject: string | null;
}

/**
 * The commits reachable from `sha` and from none of `earlier` (`git log <sha> ^<earlier>…`,
 * given on stdin so thousands of earlier deployments fit), with their author dates. Every sha
 * must be a commit the mirror has.
 */
export async function commitsBrought(
  gitDir: string,
  sha: string,
  earlier: Iterable<string>,
): Promise<BroughtCommit[]> {
  // `^<sha>` lines: git before 2.42 takes no `--not` on stdin.
  let input = `${sha}\n`;
  for (const previous of earlier) input += `^${previous}\n`;
  // Fields split by the unit separator, which neither names nor subjects hold.
  const output = await runGit(gitDir, ['log', '--stdin', '--format=%H%x1f%at%x1f%an%x1f%s'], {
    input,
    timeoutMs: 300_000,
  });
  const commits: BroughtCommit[] = [];
  for (const line of output.split('\n')) {
    const [commit, seconds, author, subject] = line.split('\x1f');
    if (commit)
      commits.push({
        sha: commit,
        authoredAt: fromUnix(seconds ?? ''),
        authorName: author ? author.slice(0, 200) : null,
        subject: subject ? subject.slice(0, 500) : null,
      });
  }
  return commits;
}
