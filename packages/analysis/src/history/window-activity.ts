import type { DayActivity, HistoryTotals, PullRequestCommit } from '@rota/contracts';
import { identityKey, isBot } from './identity.js';
import type { LogCommit } from './log-parser.js';
import { findPullRequest } from './pull-requests.js';

export const DAY_SECONDS = 86_400;

/** One identity's figures inside the window. Names are counted to pick the one used most. */
export interface WindowAuthor {
  key: string;
  names: Map<string, number>;
  bot: boolean;
  commits: number;
  mergeCommits: number;
  additions: number;
  deletions: number;
  binaryFiles: number;
  first: number;
  last: number;
}

/** Pull-request commits kept at most (the count in totals stays exact beyond it). */
export const MAX_PULL_REQUESTS = 10_000;

/**
 * Folds the window's commits, one at a time, into per-day, per-author and total figures; memory
 * is bounded by the window's days and authors, never by the number of commits. A commit belongs
 * to the window when its author date is in [since, until]; git's --since (committer date) only
 * narrows what is read.
 */
export class WindowActivity {
  readonly days: DayActivity[];
  readonly authors = new Map<string, WindowAuthor>();
  readonly pullRequests: PullRequestCommit[] = [];
  /** Human/bot splits are filled in by `finish`, once every alias of an identity is known. */
  readonly totals: HistoryTotals = {
    commits: 0,
    mergeCommits: 0,
    additions: 0,
    deletions: 0,
    churn: 0,
    binaryFiles: 0,
    humanCommits: 0,
    botCommits: 0,
    humanAuthors: 0,
    botAuthors: 0,
    pullRequestCommits: 0,
  };

  constructor(
    private readonly since: number,
    private readonly until: number,
    dayCount: number,
  ) {
    this.days = Array.from({ length: dayCount }, (_, day) => ({
      date: new Date((since + day * DAY_SECONDS) * 1000).toISOString().slice(0, 10),
      commits: 0,
      additions: 0,
      deletions: 0,
      churn: 0,
      binaryFiles: 0,
    }));
  }

  add(commit: LogCommit): void {
    const time = commit.authorTime;
    if (!(time >= this.since && time <= this.until)) return;
    const day = this.days[Math.floor((time - this.since) / DAY_SECONDS)];
    if (!day) return;
    const churn = commit.additions + commit.deletions;
    const merge = commit.parentCount > 1 ? 1 : 0;
    day.commits += 1;
    day.additions += commit.additions;
    day.deletions += commit.deletions;
    day.churn += churn;
    day.binaryFiles += commit.binaryFiles;

    const key = identityKey(commit.authorName, commit.authorEmail);
    let author = this.authors.get(key);
    if (!author) {
      author = {
        key,
        names: new Map(),
        bot: false,
        commits: 0,
        mergeCommits: 0,
        additions: 0,
        deletions: 0,
        binaryFiles: 0,
        first: time,
        last: time,
      };
      this.authors.set(key, author);
    }
    const seen = author.names.get(commit.authorName);
    // An identity is a bot when any of its names says so (an app renamed later is still one).
    if (seen === undefined && !author.bot)
      author.bot = isBot(commit.authorName, commit.authorEmail);
    author.names.set(commit.authorName, (seen ?? 0) + 1);
    author.commits += 1;
    author.mergeCommits += merge;
    author.additions += commit.additions;
    author.deletions += commit.deletions;
    author.binaryFiles += commit.binaryFiles;
    if (time < author.first) author.first = time;
    if (time > author.last) author.last = time;

    const totals = this.totals;
    totals.commits += 1;
    totals.mergeCommits += merge;
    totals.additions += commit.additions;
    totals.deletions += commit.deletions;
    totals.churn += churn;
    totals.binaryFiles += commit.binaryFiles;

    const pullRequest = findPullRequest(commit.subject, commit.body);
    if (pullRequest) {
      totals.pullRequestCommits += 1;
      if (this.pullRequests.length < MAX_PULL_REQUESTS)
        this.pullRequests.push({
          ...pullRequest,
          sha: commit.sha,
          date: new Date(time * 1000).toISOString(),
          subject: commit.subject,
        });
    }
  }

  finish(): HistoryTotals {
    for (const author of this.authors.values()) {
      if (author.bot) {
        this.totals.botAuthors += 1;
        this.totals.botCommits += author.commits;
      } else {
        this.totals.humanAuthors += 1;
        this.totals.humanCommits += author.commits;
      }
    }
    return this.totals;
  }
}
