import { streamGitChunks } from '../branches/git-stream.js';
import { identityKey, isBot } from './identity.js';

export interface AllTimeAuthor {
  names: Map<string, number>;
  bot: boolean;
  commits: number;
  first: number;
  last: number;
}

export interface AllTimeHistory {
  commits: number;
  /** Unix seconds; Infinity / -Infinity without commits. */
  first: number;
  last: number;
  authors: Map<string, AllTimeAuthor>;
}

// Three NUL-terminated fields per commit (-z ends the commit with the third NUL): no name or
// address can hold a NUL, so records cannot be confused whatever they contain.
const FORMAT = '%at%x00%aE%x00%aN';

/**
 * The all-time side of the history: commit count, first and last author date, and per identity
 * its commits and first/last dates, from one `git log` without diffs (it reads commit headers
 * only, a fraction of what the windowed --numstat pass costs, and runs alongside it).
 */
export async function readAllTime(
  gitDir: string,
  globalArgs: string[],
  commit: string,
  timeoutMs?: number,
): Promise<AllTimeHistory> {
  const result: AllTimeHistory = {
    commits: 0,
    first: Infinity,
    last: -Infinity,
    authors: new Map(),
  };
  let field = 0;
  let time = 0;
  let email = '';
  for await (const chunk of streamGitChunks(
    gitDir,
    [...globalArgs, 'log', '-z', `--format=${FORMAT}`, commit, '--'],
    { separator: '\0', timeoutMs },
  )) {
    let start = 0;
    while (start < chunk.length) {
      const end = chunk.indexOf(0, start);
      const token = chunk.toString('utf8', start, end);
      start = end + 1;
      if (field === 0) time = Number(token);
      else if (field === 1) email = token;
      else add(result, time, email, token);
      field = (field + 1) % 3;
    }
  }
  return result;
}

function add(result: AllTimeHistory, time: number, email: string, name: string): void {
  result.commits += 1;
  if (time < result.first) result.first = time;
  if (time > result.last) result.last = time;
  const key = identityKey(name, email);
  let author = result.authors.get(key);
  if (!author) {
    author = { names: new Map(), bot: false, commits: 0, first: time, last: time };
    result.authors.set(key, author);
  }
  const seen = author.names.get(name);
  if (seen === undefined && !author.bot) author.bot = isBot(name, email);
  author.names.set(name, (seen ?? 0) + 1);
  author.commits += 1;
  if (time < author.first) author.first = time;
  if (time > author.last) author.last = time;
}
