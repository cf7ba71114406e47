import type { IgnoredRef } from '@rota/contracts';
import { runGit } from '../git/run-git.js';

/** One branch as for-each-ref describes it: the tip and what the tip commit says. */
export interface BranchRef {
  name: string;
  ref: string;
  tip: string;
  /** Unix seconds. */
  committerTime: number;
  authorName: string;
  authorEmail: string;
  subject: string;
}

export interface RefListing {
  /** De-duplicated by short name, local branches winning, sorted by name. */
  branches: BranchRef[];
  /** The branch refs/remotes/origin/HEAD points at, if any (short name). */
  originHead: string | null;
  ignored: IgnoredRef[];
}

const HEADS = 'refs/heads/';
const ORIGIN = 'refs/remotes/origin/';
const ORIGIN_HEAD = 'refs/remotes/origin/HEAD';

// Every field ends with NUL: ref names cannot hold NUL or newline, and a commit subject printed by
// git stops at NUL, so a record is always exactly FIELDS.length tokens whatever the names contain.
const FIELDS = [
  '%(refname)',
  '%(objecttype)',
  '%(objectname)',
  '%(symref)',
  '%(committerdate:unix)',
  '%(authorname)',
  '%(authoremail:trim)',
  '%(subject)',
];
export const REF_FORMAT = FIELDS.map((field) => `${field}%00`).join('');
export const REF_PATTERNS = [HEADS, ORIGIN];

/** Reads every local branch and every origin remote-tracking branch with one for-each-ref. */
export async function readBranchRefs(gitDir: string, timeoutMs?: number): Promise<RefListing> {
  const heads = new Map<string, BranchRef>();
  const remotes = new Map<string, BranchRef>();
  const ignored: IgnoredRef[] = [];
  let originHead: string | null = null;
  let record: string[] = [];
  // One buffered read: ~100 bytes per branch, so even 50,000 branches stay a few megabytes.
  const { stdout } = await runGit(
    gitDir,
    ['for-each-ref', `--format=${REF_FORMAT}`, ...REF_PATTERNS],
    { timeoutMs },
  );
  const tokens = stdout.toString('utf8').split('\0');
  for (const token of tokens) {
    // for-each-ref ends each record with a newline, which lands in front of the next refname.
    record.push(record.length === 0 ? token.replace(/^\n/, '') : token);
    if (record.length < FIELDS.length) continue;
    const [ref, type, tip, symref, time, authorName, authorEmail, subject] = record as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    record = [];
    if (ref === ORIGIN_HEAD) {
      if (symref.startsWith(ORIGIN)) originHead = symref.slice(ORIGIN.length);
      continue;
    }
    if (symref) {
      ignored.push({ ref, reason: 'symbolic-ref' });
      continue;
    }
    if (type !== 'commit') {
      ignored.push({ ref, reason: 'not-a-commit' });
      continue;
    }
    const local = ref.startsWith(HEADS);
    const name = ref.slice(local ? HEADS.length : ORIGIN.length);
    const branch = {
      name,
      ref,
      tip,
      committerTime: Number(time),
      authorName,
      authorEmail,
      subject,
    };
    (local ? heads : remotes).set(name, branch);
  }
  for (const [name, branch] of remotes) if (!heads.has(name)) heads.set(name, branch);
  const branches = [...heads.values()].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  return { branches, originHead, ignored };
}
