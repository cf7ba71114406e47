import type { Database } from '../db/client.js';
import { analyzeDedupeKey } from '../modules/analysis/index.js';
import {
  analysisResults,
  githubRepoSnapshots,
  jobs,
  projectRepos,
  pullRequestReviews,
  pullRequests,
  reviews,
} from '../db/schema/index.js';
import type { StoredReviewRequest } from '../db/schema/index.js';

/**
 * Rows for the analytics tests, written straight into the tables the sync, the review job and the
 * analysis job fill. Times are hours before `now` so every expected figure is arithmetic on the
 * numbers written here (analytics.test.ts does it in comments).
 */
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** Monday 15 June 2026, 12:00 UTC: the 30-day period starts 17 May 00:00, the 7-day one 9 June. */
export const NOW = Date.UTC(2026, 5, 15, 12);
export const ago = (hours: number) => new Date(NOW - hours * HOUR);

export interface SeedPull {
  repoKey: string;
  number: number;
  author: string;
  authorIsBot?: boolean;
  state: 'open' | 'closed' | 'merged';
  draft?: boolean;
  /** Hours before NOW. */
  created: number;
  updated?: number;
  merged?: number;
  closed?: number;
  firstCommit?: number;
  /** Hours before NOW it was last marked ready for review (a pull request opened as a draft). */
  readyForReview?: number;
  /** The agents its commits' `Co-authored-by:` trailers name, as the sync stores them. */
  agentCoauthors?: string[];
  size: number;
  headSha?: string;
  requests?: string[];
  scope?: string;
  reviews?: Array<{
    author: string;
    state: 'approved' | 'changes_requested' | 'commented' | 'pending';
    at: number;
    bot?: boolean;
  }>;
}

export async function insertPulls(db: Database, pulls: SeedPull[]): Promise<void> {
  for (const pull of pulls) {
    const end = pull.merged ?? pull.closed;
    const [row] = await db
      .insert(pullRequests)
      .values({
        repoKey: pull.repoKey,
        scope: pull.scope ?? '',
        number: pull.number,
        nodeId: `PR_${pull.repoKey}_${pull.number}`,
        title: `Change ${pull.number}`,
        state: pull.state,
        draft: pull.draft ?? false,
        authorLogin: pull.author,
        authorIsBot: pull.authorIsBot ?? false,
        createdAt: ago(pull.created),
        updatedAt: ago(pull.updated ?? end ?? pull.created),
        closedAt: end !== undefined ? ago(end) : null,
        mergedAt: pull.merged !== undefined ? ago(pull.merged) : null,
        additions: pull.size,
        deletions: 0,
        headRef: `topic-${pull.number}`,
        headSha: pull.headSha ?? `sha${pull.number}`,
        baseRef: 'main',
        url: `https://github.com/${pull.repoKey}/pull/${pull.number}`,
        firstCommitAt: pull.firstCommit !== undefined ? ago(pull.firstCommit) : null,
        readyForReviewAt: pull.readyForReview !== undefined ? ago(pull.readyForReview) : null,
        agentCoauthors: pull.agentCoauthors ?? [],
        reviewRequests: (pull.requests ?? []).map((login): StoredReviewRequest => ({
          login,
          avatarUrl: null,
          kind: 'user',
        })),
      })
      .returning({ id: pullRequests.id });
    for (const [index, review] of (pull.reviews ?? []).entries())
      await db.insert(pullRequestReviews).values({
        pullRequestId: row!.id,
        reviewId: `R${pull.number}_${index}`,
        state: review.state,
        authorLogin: review.author,
        authorIsBot: review.bot ?? false,
        submittedAt: review.state === 'pending' ? null : ago(review.at),
      });
  }
}

export async function insertRepo(
  db: Database,
  projectId: string,
  repo: {
    owner: string;
    repo: string;
    url: string;
    provider: 'github' | 'git';
    webhook?: boolean;
    position?: number;
  },
) {
  const [row] = await db
    .insert(projectRepos)
    .values({
      projectId,
      name: repo.repo,
      owner: repo.owner,
      repo: repo.repo,
      repoKey: `${repo.owner}/${repo.repo}`.toLowerCase(),
      url: repo.url,
      provider: repo.provider,
      position: repo.position ?? 0,
      webhookInstalled: repo.webhook ?? false,
      webhookId: repo.webhook ? '1' : null,
    })
    .returning();
  return row!;
}

/** A stored analysis result with the succeeded job that points at it (as analyze-job leaves them). */
export async function insertAnalysis(
  db: Database,
  repo: { url: string; branch: string },
  kind: 'history' | 'structure' | 'branches' | 'readme',
  result: object,
) {
  const [stored] = await db
    .insert(analysisResults)
    .values({ repoUrl: repo.url, kind, revision: `rev-${kind}`, analyzerVersion: 'test', result })
    .returning({ id: analysisResults.id });
  await db.insert(jobs).values({
    kind: 'analyze-repository',
    dedupeKey: analyzeDedupeKey({ repoUrl: repo.url, branch: repo.branch || null, kind }),
    status: 'succeeded',
    payload: { repoUrl: repo.url, branch: repo.branch, kind },
    result: { resultId: stored!.id, revision: `rev-${kind}`, reused: false },
    finishedAt: ago(1),
  });
}

export async function insertRotaReview(
  db: Database,
  review: {
    repoKey: string;
    number: number;
    headSha: string;
    status: 'approved' | 'changes_requested' | 'commented' | 'pending';
    outcome: 'reviewed' | 'skipped' | null;
    finished?: number;
    findings?: number;
  },
) {
  await db.insert(reviews).values({
    repoKey: review.repoKey,
    number: review.number,
    headSha: review.headSha,
    configKey: `cfg-${review.headSha}-${review.status}`,
    status: review.status,
    outcome: review.outcome,
    reason: review.outcome === 'reviewed' ? `Verdict ${review.status}` : null,
    findings: Array.from({ length: review.findings ?? 0 }, (_, index) => ({
      rule: `rule-${index}`,
    })) as never,
    trigger: 'manual',
    createdAt: ago((review.finished ?? 1) + 1),
    finishedAt: review.finished !== undefined ? ago(review.finished) : null,
  });
}

export async function insertSnapshot(
  db: Database,
  repoKey: string,
  /** Without `open_issues`: a snapshot stored before Rota read the issue count. */
  repository: { stars: number; forks: number; size: number; open_issues?: number | null },
) {
  await db.insert(githubRepoSnapshots).values({
    repoKey,
    data: { repository: { name: repoKey, full_name: repoKey, ...repository } },
    fetchedAt: ago(1),
  });
}

/** A history result over 90 days: every day present, commits on the days given. */
export function historyResult(input: {
  commits: Record<string, { commits: number; churn: number }>;
  people: Array<{
    name: string;
    email: string;
    bot: boolean;
    commits: number;
    first: number;
    last: number;
  }>;
  firstCommitDaysAgo: number;
}) {
  const since = Math.floor(NOW / DAY) * DAY - 89 * DAY;
  const commitsPerDay = Array.from({ length: 90 }, (_, index) => {
    const date = new Date(since + index * DAY).toISOString().slice(0, 10);
    const day = input.commits[date] ?? { commits: 0, churn: 0 };
    return {
      date,
      commits: day.commits,
      additions: day.churn,
      deletions: 0,
      churn: day.churn,
      binaryFiles: 0,
    };
  });
  const person = (p: (typeof input.people)[number]) => ({
    name: p.name,
    email: p.email,
    aliases: [],
    bot: p.bot,
    commits: p.commits,
    mergeCommits: 0,
    additions: 0,
    deletions: 0,
    churn: 0,
    binaryFiles: 0,
    firstCommitDate: ago(p.first).toISOString(),
    lastCommitDate: ago(p.last).toISOString(),
  });
  return {
    ref: 'refs/heads/main',
    commit: 'abc',
    shallow: false,
    window: { since: new Date(since).toISOString(), until: new Date(NOW).toISOString(), days: 90 },
    commitsPerDay,
    authors: input.people.filter((p) => !p.bot).map(person),
    bots: input.people.filter((p) => p.bot).map(person),
    allTime: { firstCommitDate: ago(input.firstCommitDaysAgo * 24).toISOString() },
  };
}
