import {
  AGREEMENT_KINDS,
  AGREEMENT_THRESHOLDS,
  DEFAULT_WORKING_TIME,
  minutesOf,
  type AgreementBreachItem,
  type AgreementComplianceQuery,
  type AgreementKind,
  type AgreementPreview,
  type AgreementSet,
  type AuthorKind,
  type ComplianceCounts,
  type ProjectAgreementCompliance,
  type ProjectAgreements,
  type WorkingTime,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { repoKeyOf } from '../../db/repo-key.js';
import type { ForgeRegistry } from '../forges/index.js';
import { repositoriesOf, requireOwnedProject } from '../project-access/index.js';
import * as queries from './queries.js';
import { checksAuthor, evaluate, type PullRequestFacts, type RuleOutcome } from './rules.js';

const DAY = 86_400_000;
/** The preview's period: how often a set would have fired over the last 30 days. */
export const PREVIEW_DAYS = 30;

export interface AgreementsServiceDeps {
  db: Database;
  forges: ForgeRegistry;
  now?: () => number;
}

/** An agreement as the rules apply it: stored, or unsaved as the form holds it. */
export interface ActiveAgreement {
  kind: AgreementKind;
  threshold: number | null;
  includeBots: boolean;
  includeAgents: boolean;
}

/** One decided or pending outcome of an agreement for a pull request. */
export interface Judged {
  pull: PullRequestFacts;
  outcome: RuleOutcome;
}

/** Applies each agreement's rule to every pull request (the one path compliance, preview and detection share). */
export function judge(
  agreement: ActiveAgreement,
  pulls: PullRequestFacts[],
  workingTime: WorkingTime,
  now: Date,
): Judged[] {
  const input = { threshold: agreement.threshold, workingTime, now };
  return pulls.map((pull) => ({ pull, outcome: evaluate(agreement.kind, pull, input) }));
}

/** The pull requests an agreement fired on in [since, now], among the author kinds it checks. */
export function firedIn(
  agreement: ActiveAgreement,
  judged: Judged[],
  since: Date,
  now: Date,
): Array<{ pull: PullRequestFacts; breachedAt: Date }> {
  return judged.flatMap(({ pull, outcome }) =>
    outcome.status === 'broken' &&
    checksAuthor(agreement, pull.authorKind) &&
    outcome.at >= since &&
    outcome.at <= now
      ? [{ pull, breachedAt: outcome.at }]
      : [],
  );
}

const emptyCounts = () => ({ checked: 0, kept: 0, broken: 0, pending: 0 });
const withCompliance = (counts: ReturnType<typeof emptyCounts>): ComplianceCounts => ({
  ...counts,
  compliance: counts.checked === 0 ? null : Math.round((counts.kept / counts.checked) * 1000) / 10,
});

export const breachItem = (pull: PullRequestFacts, breachedAt: Date): AgreementBreachItem => ({
  repository: pull.repository,
  number: pull.number,
  title: pull.title,
  url: pull.url,
  authorLogin: pull.authorLogin,
  authorKind: pull.authorKind,
  breachedAt: breachedAt.toISOString(),
});

/**
 * A project's working agreements: its settings and working time, how well they were kept over a
 * period, and how often an unsaved set would have fired.
 */
export class AgreementsService {
  constructor(readonly deps: AgreementsServiceDeps) {}

  private now(): Date {
    return new Date(this.deps.now?.() ?? Date.now());
  }

  async get(userId: string, projectId: string): Promise<ProjectAgreements> {
    const project = await requireOwnedProject(this.deps.db, userId, projectId);
    return this.read(project.id);
  }

  async save(userId: string, projectId: string, set: AgreementSet): Promise<ProjectAgreements> {
    const project = await requireOwnedProject(this.deps.db, userId, projectId);
    await queries.saveAgreements(
      this.deps.db,
      project.id,
      set.agreements,
      {
        timeZone: set.workingTime.timeZone,
        weekdays: set.workingTime.weekdays,
        startMinute: minutesOf(set.workingTime.start),
        endMinute: minutesOf(set.workingTime.end),
      },
      this.now(),
    );
    return this.read(project.id);
  }

  async compliance(
    userId: string,
    projectId: string,
    query: AgreementComplianceQuery,
  ): Promise<ProjectAgreementCompliance> {
    const project = await requireOwnedProject(this.deps.db, userId, projectId);
    const now = this.now();
    const since = new Date(now.getTime() - query.days * DAY);
    const included = new Set((query.include ?? '').split(',').filter(Boolean));
    const include = { bots: included.has('bots'), agents: included.has('agents') };
    const settings = await this.read(project.id);
    const enabled = settings.agreements.filter((agreement) => agreement.enabled);
    const pulls =
      enabled.length === 0 ? [] : await this.facts(project.id, project.ownerId, since, now);
    const counted = (kind: AuthorKind) =>
      checksAuthor({ includeBots: include.bots, includeAgents: include.agents }, kind);
    const agreements = enabled.map((agreement) => {
      const total = emptyCounts();
      const byAuthor = { human: emptyCounts(), bot: emptyCounts(), agent: emptyCounts() };
      const breaches: AgreementBreachItem[] = [];
      for (const { pull, outcome } of judge(agreement, pulls, settings.workingTime, now)) {
        const buckets = counted(pull.authorKind)
          ? [total, byAuthor[pull.authorKind]]
          : [byAuthor[pull.authorKind]];
        if (outcome.status === 'pending') for (const bucket of buckets) bucket.pending += 1;
        if (outcome.status !== 'kept' && outcome.status !== 'broken') continue;
        if (outcome.at < since || outcome.at > now) continue;
        for (const bucket of buckets) {
          bucket.checked += 1;
          bucket[outcome.status] += 1;
        }
        if (outcome.status === 'broken' && counted(pull.authorKind))
          breaches.push(breachItem(pull, outcome.at));
      }
      breaches.sort((a, b) => b.breachedAt.localeCompare(a.breachedAt));
      return {
        kind: agreement.kind,
        enabled: agreement.enabled,
        threshold: agreement.threshold,
        ...withCompliance(total),
        byAuthor: {
          human: withCompliance(byAuthor.human),
          bot: withCompliance(byAuthor.bot),
          agent: withCompliance(byAuthor.agent),
        },
        breaches,
      };
    });
    return {
      days: query.days,
      since: since.toISOString(),
      until: now.toISOString(),
      include,
      agreements,
    };
  }

  /** How often each enabled agreement of `set` would have fired over the last 30 days. */
  async preview(userId: string, projectId: string, set: AgreementSet): Promise<AgreementPreview> {
    const project = await requireOwnedProject(this.deps.db, userId, projectId);
    const now = this.now();
    const since = new Date(now.getTime() - PREVIEW_DAYS * DAY);
    const enabled = set.agreements.filter((agreement) => agreement.enabled);
    const pulls =
      enabled.length === 0 ? [] : await this.facts(project.id, project.ownerId, since, now);
    const pullRequests = new Set<string>();
    const agreements = enabled.map((agreement) => {
      const fired = firedIn(agreement, judge(agreement, pulls, set.workingTime, now), since, now);
      for (const { pull } of fired) pullRequests.add(pull.id);
      return {
        kind: agreement.kind,
        threshold: agreement.threshold,
        fired: fired.length,
        breaches: fired
          .map(({ pull, breachedAt }) => breachItem(pull, breachedAt))
          .sort((a, b) => b.breachedAt.localeCompare(a.breachedAt)),
      };
    });
    return {
      days: PREVIEW_DAYS,
      since: since.toISOString(),
      until: now.toISOString(),
      fired: agreements.reduce((sum, agreement) => sum + agreement.fired, 0),
      pullRequests: pullRequests.size,
      agreements,
    };
  }

  /**
   * The breaches recorded in [from, to] in these projects (the digest's), each with its pull
   * request: `repository` is owner/repo as its GitHub address spells it.
   */
  async breachesIn(projectIds: string[], from: Date, to: Date) {
    const rows = await queries.breachesIn(this.deps.db, projectIds, from, to);
    return rows.map((row) => ({
      projectId: row.projectId,
      agreementKind: row.kind,
      threshold: row.threshold,
      repository: repositoryOfUrl(row.url) ?? row.repoKey,
      number: row.number,
      title: row.title,
      url: row.url,
      breachedAt: row.breachedAt.toISOString(),
    }));
  }

  /** The stored set: every kind listed (off, default threshold, when never set). */
  async read(projectId: string): Promise<ProjectAgreements> {
    const [rows, workingTime] = await Promise.all([
      queries.listAgreements(this.deps.db, projectId),
      queries.readWorkingTime(this.deps.db, projectId),
    ]);
    return {
      agreements: AGREEMENT_KINDS.map((kind) => {
        const row = rows.find((candidate) => candidate.kind === kind);
        return {
          kind,
          enabled: row?.enabled ?? false,
          threshold: row ? row.threshold : (AGREEMENT_THRESHOLDS[kind]?.default ?? null),
          includeBots: row?.includeBots ?? false,
          includeAgents: row?.includeAgents ?? false,
          enabledAt: row?.enabledAt?.toISOString() ?? null,
        };
      }),
      workingTime: workingTime ?? DEFAULT_WORKING_TIME,
    };
  }

  /** The facts of a project's pull requests active in [since, now]. */
  async facts(
    projectId: string,
    ownerId: string,
    since: Date,
    now: Date,
  ): Promise<PullRequestFacts[]> {
    const repositories = new Map<string, string>();
    for (const repo of await repositoriesOf(this.deps.db, projectId))
      if (this.deps.forges.forProjectRepository(repo)?.id === 'github')
        repositories.set(repoKeyOf(repo), `${repo.owner}/${repo.repo}`);
    return queries.loadFacts(this.deps.db, {
      repositories,
      userId: ownerId,
      activeSince: since,
      openedBefore: now,
    });
  }
}

/** owner/repo from a pull request's GitHub address (…/owner/repo/pull/12), as GitHub spells it. */
function repositoryOfUrl(url: string): string | null {
  const match = /^https?:\/\/[^/]+\/([^/]+\/[^/]+)\/pull\/\d+/.exec(url);
  return match ? match[1]! : null;
}
