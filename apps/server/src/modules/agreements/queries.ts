import { and, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { AgreementKind, WorkingTime } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import {
  agreementBreaches,
  projectAgreements,
  projectRepos,
  projectWorkingTimes,
  projects,
  pullRequests,
} from '../../db/schema/index.js';
import { countedReview, pullRequestKindSql } from '../analytics/index.js';
import type { PullRequestFacts } from './rules.js';

/*
 * The agreements' own rows, and read-only reads of the stored pull requests, their reviews and
 * Rota's reviews (written by pull-requests and reviews) with the joins the rules need.
 */

export type AgreementRow = typeof projectAgreements.$inferSelect;

export const listAgreements = (db: Database, projectId: string) =>
  db.select().from(projectAgreements).where(eq(projectAgreements.projectId, projectId));

export async function readWorkingTime(
  db: Database,
  projectId: string,
): Promise<WorkingTime | null> {
  const [row] = await db
    .select()
    .from(projectWorkingTimes)
    .where(eq(projectWorkingTimes.projectId, projectId));
  if (!row) return null;
  const clock = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return {
    timeZone: row.timeZone,
    weekdays: row.weekdays,
    start: clock(row.startMinute),
    end: clock(row.endMinute),
  };
}

/** Writes a project's whole set in one transaction: the agreements listed and its working time. */
export async function saveAgreements(
  db: Database,
  projectId: string,
  agreements: Array<{
    kind: AgreementKind;
    enabled: boolean;
    threshold: number | null;
    includeBots: boolean;
    includeAgents: boolean;
  }>,
  workingTime: { timeZone: string; weekdays: number[]; startMinute: number; endMinute: number },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const agreement of agreements) {
      await tx
        .insert(projectAgreements)
        .values({
          projectId,
          ...agreement,
          enabledAt: agreement.enabled ? now : null,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [projectAgreements.projectId, projectAgreements.kind],
          set: {
            enabled: agreement.enabled,
            threshold: agreement.threshold,
            includeBots: agreement.includeBots,
            includeAgents: agreement.includeAgents,
            // Switching on starts a new watch; staying on keeps the moment it was switched on.
            enabledAt: agreement.enabled
              ? sql`case when ${projectAgreements.enabled} then ${projectAgreements.enabledAt} else ${now.toISOString()}::timestamptz end`
              : null,
            updatedAt: now,
          },
        });
    }
    await tx
      .insert(projectWorkingTimes)
      .values({ projectId, ...workingTime })
      .onConflictDoUpdate({ target: projectWorkingTimes.projectId, set: workingTime });
  });
}

/** Projects with at least one agreement switched on, with their owner. */
export function projectsWithEnabledAgreements(db: Database, projectIds?: string[]) {
  return db
    .selectDistinct({ id: projects.id, ownerId: projects.ownerId })
    .from(projects)
    .innerJoin(projectAgreements, eq(projectAgreements.projectId, projects.id))
    .where(
      and(
        eq(projectAgreements.enabled, true),
        projectIds ? inArray(projects.id, projectIds) : undefined,
      ),
    );
}

/** The projects holding a forge repository (`owner/repo`, lower case). */
export async function projectIdsWithRepository(db: Database, repoKey: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: projectRepos.projectId })
    .from(projectRepos)
    .where(
      and(
        eq(projectRepos.provider, 'github'),
        sql`lower(${projectRepos.owner} || '/' || ${projectRepos.repo}) = ${repoKey}`,
        isNotNull(projectRepos.owner),
      ),
    );
  return rows.map((row) => row.id);
}

export interface FactsScope {
  /** owner/repo → the display name, for the project's forge repositories. */
  repositories: Map<string, string>;
  /** Whose private copies may be read (the project's owner). */
  userId: string;
  /** Pull requests still open or ended at or after this moment. */
  activeSince: Date;
  /** Pull requests opened before this moment. */
  openedBefore: Date;
}

interface FactsRow {
  id: string;
  repoKey: string;
  number: number;
  title: string;
  url: string;
  state: 'open' | 'closed' | 'merged';
  draft: boolean;
  authorLogin: string | null;
  authorKind: 'human' | 'bot' | 'agent';
  createdAt: string;
  readyForReviewAt: string | null;
  updatedAt: string;
  closedAt: string | null;
  mergedAt: string | null;
  changedLines: number;
  headSha: string;
  reviewsAt: string[] | null;
  approvalsAt: string[] | null;
  reviewers: string[] | null;
  rotaReviews: Array<{
    headSha: string;
    status: 'approved' | 'changes_requested' | 'commented' | 'pending';
    findings: number;
    finishedAt: string;
  }> | null;
}

const date = (value: string) => new Date(value);
const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/** The facts of every visible pull request of the scope active in [activeSince, openedBefore]. */
export async function loadFacts(db: Database, scope: FactsScope): Promise<PullRequestFacts[]> {
  const repoKeys = [...scope.repositories.keys()];
  if (repoKeys.length === 0) return [];
  const keys = sql.join(
    repoKeys.map((key) => sql`${key}`),
    sql`, `,
  );
  const result = await db.execute(sql`select json_build_object(
      'id', p.id, 'repoKey', p.repo_key, 'number', p.number, 'title', p.title, 'url', p.url,
      'state', p.state, 'draft', p.draft, 'authorLogin', p.author_login,
      'authorKind', ${pullRequestKindSql},
      'createdAt', p.created_at, 'readyForReviewAt', p.ready_for_review_at,
      'updatedAt', p.updated_at, 'closedAt', p.closed_at, 'mergedAt', p.merged_at,
      'changedLines', p.additions + p.deletions, 'headSha', p.head_sha,
      'reviewsAt', (select json_agg(r.submitted_at order by r.submitted_at)
        from pull_request_reviews r where r.pull_request_id = p.id and ${countedReview}),
      'approvalsAt', (select json_agg(r.submitted_at order by r.submitted_at)
        from pull_request_reviews r where r.pull_request_id = p.id and ${countedReview}
          and r.state = 'approved'),
      'reviewers', (select json_agg(distinct who.login) from (
          select e ->> 'login' as login from jsonb_array_elements(p.review_requests) e
            where e ->> 'kind' = 'user'
          union select r.author_login from pull_request_reviews r
            where r.pull_request_id = p.id and ${countedReview}) who
        where who.login is not null and who.login <> coalesce(p.author_login, '')),
      'rotaReviews', (select json_agg(json_build_object('headSha', rv.head_sha, 'status', rv.status,
            'findings', jsonb_array_length(rv.findings), 'finishedAt', rv.finished_at)
          order by rv.finished_at)
        from reviews rv where rv.forge = 'github' and rv.repo_key = p.repo_key
          and rv.scope in ('', ${scope.userId}) and rv.number = p.number
          and rv.outcome = 'reviewed' and rv.finished_at is not null)
    ) as f
    from pull_requests p
    where p.forge = 'github' and p.repo_key in (${keys}) and p.scope in ('', ${scope.userId})
      and p.created_at < ${scope.openedBefore.toISOString()}::timestamptz
      and (p.state = 'open' or coalesce(p.merged_at, p.closed_at) >= ${scope.activeSince.toISOString()}::timestamptz)
    order by p.repo_key, p.number`);
  const rows = (result as unknown as { rows: Array<{ f: FactsRow | string }> }).rows;
  return rows.map(({ f }) => {
    const row = (typeof f === 'string' ? JSON.parse(f) : f) as FactsRow;
    return {
      ...row,
      repository: scope.repositories.get(row.repoKey) ?? row.repoKey,
      createdAt: date(row.createdAt),
      readyForReviewAt: dateOrNull(row.readyForReviewAt),
      updatedAt: date(row.updatedAt),
      closedAt: dateOrNull(row.closedAt),
      mergedAt: dateOrNull(row.mergedAt),
      reviewsAt: (row.reviewsAt ?? []).map(date),
      approvalsAt: (row.approvalsAt ?? []).map(date),
      reviewers: row.reviewers ?? [],
      rotaReviews: (row.rotaReviews ?? []).map((review) => ({
        ...review,
        finishedAt: date(review.finishedAt),
      })),
    };
  });
}

/** Records a breach once ever; the new row, or undefined when it was recorded before. */
export async function recordBreach(
  db: Database,
  breach: { agreementId: string; pullRequestId: string; breachedAt: Date; notified: boolean },
) {
  const [row] = await db
    .insert(agreementBreaches)
    .values(breach)
    .onConflictDoNothing({
      target: [agreementBreaches.agreementId, agreementBreaches.pullRequestId],
    })
    .returning();
  return row;
}

/** The breaches recorded for a project's agreements (tests and diagnostics). */
export function breachesOfProject(db: Database, projectId: string) {
  return db
    .select({
      id: agreementBreaches.id,
      kind: projectAgreements.kind,
      pullRequestId: agreementBreaches.pullRequestId,
      breachedAt: agreementBreaches.breachedAt,
      notified: agreementBreaches.notified,
    })
    .from(agreementBreaches)
    .innerJoin(projectAgreements, eq(projectAgreements.id, agreementBreaches.agreementId))
    .where(eq(projectAgreements.projectId, projectId));
}

/** The breaches recorded in [from, to] in these projects, with their pull requests, oldest first. */
export function breachesIn(db: Database, projectIds: string[], from: Date, to: Date) {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      projectId: projectAgreements.projectId,
      kind: projectAgreements.kind,
      threshold: projectAgreements.threshold,
      repoKey: pullRequests.repoKey,
      url: pullRequests.url,
      number: pullRequests.number,
      title: pullRequests.title,
      breachedAt: agreementBreaches.breachedAt,
    })
    .from(agreementBreaches)
    .innerJoin(projectAgreements, eq(projectAgreements.id, agreementBreaches.agreementId))
    .innerJoin(pullRequests, eq(pullRequests.id, agreementBreaches.pullRequestId))
    .where(
      and(
        inArray(projectAgreements.projectId, projectIds),
        gte(agreementBreaches.breachedAt, from),
        lte(agreementBreaches.breachedAt, to),
      ),
    )
    .orderBy(agreementBreaches.breachedAt);
}
