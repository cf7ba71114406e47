import type { HistoryAnalysis } from '@rota/contracts';
import { streamGitChunks } from '../branches/git-stream.js';
import { AnalysisError, isAnalysisError } from '../errors.js';
import { openRepository, resolveCommit } from '../git/repository.js';
import { readAllTime, type AllTimeHistory } from './all-time.js';
import { LOG_FORMAT, LogParser } from './log-parser.js';
import { buildHistory } from './report.js';
import { DAY_SECONDS, WindowActivity } from './window-activity.js';

export interface HistoryAnalysisOptions {
  /** Whose history (default HEAD: the default branch of a bare mirror). */
  ref?: string;
  /** End of the window and the instant ages are measured from (default: the current time). */
  now?: Date;
  /** Calendar days (UTC) in the window, today included; default 30. */
  windowDays?: number;
  /** Length of recent committers and all-time top authors; default 10. */
  listLimit?: number;
  /** Per git call (default 10 minutes). */
  timeoutMs?: number;
}

function checkOptions(options: HistoryAnalysisOptions) {
  const now = options.now ?? new Date();
  const windowDays = options.windowDays ?? 30;
  const listLimit = options.listLimit ?? 10;
  if (!(now instanceof Date) || Number.isNaN(now.getTime()))
    throw new AnalysisError('INVALID_OPTIONS', 'now must be a valid date');
  if (!Number.isInteger(windowDays) || windowDays < 1 || windowDays > 3660)
    throw new AnalysisError('INVALID_OPTIONS', 'windowDays must be a whole number from 1 to 3660');
  if (!Number.isInteger(listLimit) || listLimit < 0 || listLimit > 10_000)
    throw new AnalysisError('INVALID_OPTIONS', 'listLimit must be a whole number from 0 to 10000');
  return { now, windowDays, listLimit, ref: options.ref ?? 'HEAD' };
}

/**
 * Options given to every git call of the history. The mailmap is read from the analysed commit's
 * own tree, and only from there: by default git also reads `.mailmap` from the current directory
 * (it takes the process's cwd for a work tree when only --git-dir is given) and whatever file the
 * repository's config names. `-C gitDir` leaves no work tree .mailmap to find.
 */
export function historyGitArgs(gitDir: string, commit: string): string[] {
  return [
    '-C',
    gitDir,
    '-c',
    'mailmap.file=/dev/null',
    '-c',
    `mailmap.blob=${commit}:.mailmap`,
    '-c',
    'log.showSignature=false',
  ];
}

/** The windowed pass: numstat for every commit since the window start, in one streamed log. */
export function windowLogArgs(since: number, commit: string): string[] {
  return [
    'log',
    '-z',
    '--numstat',
    '--find-renames',
    '--root',
    '--diff-merges=off',
    '--no-ext-diff',
    '--no-textconv',
    `--format=${LOG_FORMAT}`,
    `--since=@${since}`,
    commit,
    '--',
  ];
}

/** A ref with no commits (empty repository, or HEAD on an unborn branch) has an empty history. */
async function resolveOrNull(gitDir: string, ref: string): Promise<string | null> {
  try {
    return await resolveCommit(gitDir, ref);
  } catch (error) {
    if (!isAnalysisError(error)) throw error;
    if (error.code === 'EMPTY_REPOSITORY') return null;
    if (error.code === 'UNKNOWN_REF' && ref === 'HEAD') return null;
    throw error;
  }
}

/**
 * Commit activity of one ref: a window of days (per day, per author, churn, pull requests) from
 * one streamed `git log --numstat`, and an all-time summary from one header-only `git log` run
 * alongside it.
 */
export async function analyzeHistory(
  repositoryPath: string,
  options: HistoryAnalysisOptions = {},
): Promise<HistoryAnalysis> {
  const { now, windowDays, listLimit, ref } = checkOptions(options);
  const { gitDir, shallow } = await openRepository(repositoryPath);
  const commit = await resolveOrNull(gitDir, ref);

  const until = Math.floor(now.getTime() / 1000);
  const since = (Math.floor(until / DAY_SECONDS) - (windowDays - 1)) * DAY_SECONDS;
  const activity = new WindowActivity(since, until, windowDays);
  let allTime: AllTimeHistory = {
    commits: 0,
    first: Infinity,
    last: -Infinity,
    authors: new Map(),
  };
  if (commit) {
    const globalArgs = historyGitArgs(gitDir, commit);
    const readWindow = async () => {
      const parser = new LogParser((entry) => activity.add(entry));
      for await (const chunk of streamGitChunks(
        gitDir,
        [...globalArgs, ...windowLogArgs(since, commit)],
        { separator: '\0', timeoutMs: options.timeoutMs },
      ))
        parser.push(chunk);
      parser.end();
    };
    [, allTime] = await Promise.all([
      readWindow(),
      readAllTime(gitDir, globalArgs, commit, options.timeoutMs),
    ]);
  }
  return buildHistory({
    ref,
    commit,
    shallow,
    window: { since, until, days: windowDays },
    activity,
    allTime,
    listLimit,
  });
}
