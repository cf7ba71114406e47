import type { AuthorActivity, HistoryAnalysis } from '@rota/contracts';
import type { AllTimeAuthor, AllTimeHistory } from './all-time.js';
import { identityEmail } from './identity.js';
import { DAY_SECONDS, type WindowActivity, type WindowAuthor } from './window-activity.js';

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** The name used most (ties: the first seen), and the others. */
function names(counts: Map<string, number>): { name: string; aliases: string[] } {
  let name = '';
  let best = -1;
  for (const [candidate, uses] of counts) {
    if (uses > best) {
      name = candidate;
      best = uses;
    }
  }
  return { name, aliases: [...counts.keys()].filter((other) => other !== name).sort() };
}

function authorActivity(author: WindowAuthor, allTime: AllTimeAuthor | undefined): AuthorActivity {
  const everyName = new Map(author.names);
  for (const name of allTime?.names.keys() ?? []) if (!everyName.has(name)) everyName.set(name, 0);
  const { aliases } = names(everyName);
  const { name } = names(author.names);
  return {
    name,
    email: identityEmail(author.key),
    aliases: aliases.filter((alias) => alias !== name),
    bot: author.bot,
    commits: author.commits,
    mergeCommits: author.mergeCommits,
    additions: author.additions,
    deletions: author.deletions,
    churn: author.additions + author.deletions,
    binaryFiles: author.binaryFiles,
    firstCommitDate: iso(author.first),
    lastCommitDate: iso(author.last),
    allTime: {
      commits: Math.max(allTime?.commits ?? 0, author.commits),
      firstCommitDate: iso(Math.min(allTime?.first ?? author.first, author.first)),
      lastCommitDate: iso(Math.max(allTime?.last ?? author.last, author.last)),
    },
  };
}

const byCommits = (a: AuthorActivity, b: AuthorActivity) =>
  b.commits - a.commits || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Turns the two passes' accumulators into the contract's shape, lists sorted and capped. */
export function buildHistory(input: {
  ref: string;
  commit: string | null;
  shallow: boolean;
  window: { since: number; until: number; days: number };
  activity: WindowActivity;
  allTime: AllTimeHistory;
  listLimit: number;
}): HistoryAnalysis {
  const { activity, allTime, listLimit, window } = input;
  // One verdict per identity across both passes: a bot alias seen in either makes it a bot.
  for (const [key, author] of activity.authors) {
    const everAuthor = allTime.authors.get(key);
    if (everAuthor?.bot) author.bot = true;
    else if (everAuthor && author.bot) everAuthor.bot = true;
  }
  const totals = activity.finish();
  const everyone = [...activity.authors.values()].map((author) =>
    authorActivity(author, allTime.authors.get(author.key)),
  );
  const humans = everyone.filter((author) => !author.bot).sort(byCommits);
  const bots = everyone.filter((author) => author.bot).sort(byCommits);

  let humanAuthors = 0;
  const allTimeHumans: Array<[string, AllTimeAuthor]> = [];
  for (const [key, author] of allTime.authors) {
    if (author.bot) continue;
    humanAuthors += 1;
    allTimeHumans.push([key, author]);
  }
  const topAuthors = allTimeHumans
    .sort(([keyA, a], [keyB, b]) => b.commits - a.commits || (keyA < keyB ? -1 : 1))
    .slice(0, listLimit)
    .map(([key, author]) => ({
      name: names(author.names).name,
      email: identityEmail(key),
      commits: author.commits,
      firstCommitDate: iso(author.first),
      lastCommitDate: iso(author.last),
    }));
  const hasCommits = allTime.commits > 0;

  return {
    ref: input.ref,
    commit: input.commit,
    shallow: input.shallow,
    window: { since: iso(window.since), until: iso(window.until), days: window.days },
    commitsPerDay: activity.days,
    totals,
    authors: humans,
    bots,
    recentCommitters: [...humans]
      .sort((a, b) =>
        a.lastCommitDate < b.lastCommitDate
          ? 1
          : a.lastCommitDate > b.lastCommitDate
            ? -1
            : byCommits(a, b),
      )
      .slice(0, listLimit)
      .map(({ name, email, lastCommitDate, commits }) => ({
        name,
        email,
        lastCommitDate,
        commits,
      })),
    pullRequests: [...activity.pullRequests].sort((a, b) =>
      a.date < b.date ? 1 : a.date > b.date ? -1 : 0,
    ),
    allTime: {
      commits: allTime.commits,
      firstCommitDate: hasCommits ? iso(allTime.first) : null,
      lastCommitDate: hasCommits ? iso(allTime.last) : null,
      ageDays: hasCommits
        ? Math.max(0, Math.floor((window.until - allTime.first) / DAY_SECONDS))
        : null,
      humanAuthors,
      botAuthors: allTime.authors.size - humanAuthors,
      topAuthors,
    },
  };
}
